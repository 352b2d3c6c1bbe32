import { z } from 'zod';
/** Why a shop request failed. */
export type ShopErrorKind = 'network' | 'timeout' | 'http' | 'malformed' | 'invalid' | 'aborted';
/** A failed shop request, with a message a developer can act on. */
export declare class ShopError extends Error {
    readonly kind: ShopErrorKind;
    readonly endpoint: string;
    readonly status?: number | undefined;
    constructor(kind: ShopErrorKind, endpoint: string, message: string, status?: number | undefined);
}
export interface ShopRequest<T> {
    /** Endpoint or action name, for messages (`add_to_cart`, `flatsome_ajax_search_products`). */
    endpoint: string;
    url: string;
    method: 'GET' | 'POST';
    /** Form fields, sent urlencoded like jQuery.ajax does. */
    body?: URLSearchParams;
    /** zod schema of the response; only a response that passes reaches the caller. */
    schema: z.ZodType<T>;
    /** Time limit in ms (spec §7: from the page parameter). 0 means none. */
    timeout?: number;
    signal?: AbortSignal;
    /** Read the body as text instead of JSON (quick view HTML). */
    text?: boolean;
}
/**
 * One request to the shop (DESIGN §5): abortable, time-limited, and checked with zod before
 * anything reaches a store. Rejects with a ShopError; never resolves with a half-valid value.
 */
export declare function shopRequest<T>(request: ShopRequest<T>): Promise<T>;
/**
 * Runs tasks one at a time in the order they were queued (spec §4: add requests are queued and
 * sent one at a time). A failing task does not stop the ones after it.
 */
export declare function createQueue(): {
    run<T>(task: () => Promise<T>): Promise<T>;
    /** Tasks queued or running. */
    readonly size: number;
};
