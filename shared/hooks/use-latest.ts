import { type RefObject, useRef } from 'react';

/** A ref that always holds the value of the latest render (for callbacks that outlive a render). */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
