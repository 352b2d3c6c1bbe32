import { z } from 'zod';
/**
 * zod schemas of every shop response we read (spec §7), and nothing more: unknown fields pass
 * through untouched, missing or mistyped read fields are errors.
 */
/** `fragments`: selector -> HTML, plus `cart_hash` (spec §3 Cart fragments). */
export declare const fragmentsResponse: z.ZodObject<{
    fragments: z.ZodRecord<z.ZodString, z.ZodString>;
    cart_hash: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string, string | null | undefined>>;
}, z.core.$strip>;
export type FragmentsResponse = z.infer<typeof fragmentsResponse>;
/** add_to_cart / wcpa_ajax_add_to_cart: an error with product_url, or fragments (spec §7). */
export declare const addToCartResponse: z.ZodUnion<readonly [z.ZodObject<{
    error: z.ZodUnion<[z.ZodLiteral<true>, z.ZodLiteral<"true">]>;
    product_url: z.ZodDefault<z.ZodOptional<z.ZodString>>;
}, z.core.$strip>, z.ZodObject<{
    fragments: z.ZodRecord<z.ZodString, z.ZodString>;
    cart_hash: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string, string | null | undefined>>;
}, z.core.$strip>]>;
/** remove_from_cart: fragments, or anything without them (WooCommerce's `{ success: false }`). */
export declare const removeFromCartResponse: z.ZodUnion<readonly [z.ZodObject<{
    fragments: z.ZodRecord<z.ZodString, z.ZodString>;
    cart_hash: z.ZodPipe<z.ZodOptional<z.ZodNullable<z.ZodString>>, z.ZodTransform<string, string | null | undefined>>;
}, z.core.$strip>, z.ZodPipe<z.ZodUnknown, z.ZodTransform<null, unknown>>]>;
/** Live search (spec §3 Search suggestion): `id` -1 is a non-navigating entry. */
export declare const suggestion: z.ZodObject<{
    value: z.ZodString;
    id: z.ZodCatch<z.ZodCoercedNumber<unknown>>;
    url: z.ZodCatch<z.ZodString>;
    img: z.ZodCatch<z.ZodOptional<z.ZodString>>;
    price: z.ZodCatch<z.ZodOptional<z.ZodString>>;
}, z.core.$strip>;
export type Suggestion = z.infer<typeof suggestion>;
export declare const searchResponse: z.ZodObject<{
    suggestions: z.ZodArray<z.ZodObject<{
        value: z.ZodString;
        id: z.ZodCatch<z.ZodCoercedNumber<unknown>>;
        url: z.ZodCatch<z.ZodString>;
        img: z.ZodCatch<z.ZodOptional<z.ZodString>>;
        price: z.ZodCatch<z.ZodOptional<z.ZodString>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** Responses we do not read (spec §7: the quantity change response is not read). */
export declare const ignoredResponse: z.ZodUnknown;
