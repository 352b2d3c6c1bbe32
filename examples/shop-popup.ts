// The popup example's script (examples/shop-popup.html): installs loop filtering on the page's
// loop (the page-behaviour registry will do this from markup once it lists loop-filter).
import { installLoopFilter } from '../shared/page/loop-filter.ts';

installLoopFilter(document);
