/**
 * The review form and the comment form of the example page: WordPress/WooCommerce markup
 * enhanced by the page behaviours of shared/page (a theme installs them the same way).
 */
import { installCommentForm } from '../shared/page/comment-form.ts';
import { installReviewForm } from '../shared/page/review-form.ts';

installReviewForm();
installCommentForm();
