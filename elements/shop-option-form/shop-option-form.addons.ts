/**
 * Submit add-ons of the option form (issue 13): extras that act when the shopper submits, without
 * the controller knowing them. The captcha holds the submit until its token is there (spec §4 "With
 * captcha, the submit waits for the token"; §5 "If the response is empty on submit, the submit is
 * blocked and the captcha runs") and posts the token; the spam tracker posts its `ak_` fields
 * (spec §7 Option-form extras).
 *
 * The controller asks {@link SubmitAddons.gate} after the form validated: `true` lets the submit go
 * on (then {@link SubmitAddons.pairs} join the posted value); `false` stops it, and when an add-on
 * held it the controller's `resume` callback runs once the add-on is ready (it submits again).
 */

/** What an add-on answers at submit time. */
export type AddonAnswer =
  /** Go on now. */
  | true
  /** Blocked: the add-on shows the shopper why (e.g. 'Choose Captcha'); nothing resumes. */
  | false
  /** Held until ready: `true` resumes the submit, `false` leaves it stopped. */
  | Promise<boolean>;

/** One submit add-on. */
export interface SubmitAddon {
  /** Called once the form's own fields are valid. */
  ready(): AddonAnswer;
  /** Name/value pairs posted with the form for this submit (computed when it goes ahead). */
  pairs?(): Array<[string, string]>;
  /** The submit went out by ajax with the pairs (a token is spent). */
  sent?(): void;
}

/** The add-ons of one form. */
export class SubmitAddons {
  readonly #list = new Set<SubmitAddon>();
  #holding = false;

  /** Adds an add-on; returns its removal. */
  add(addon: SubmitAddon): () => void {
    this.#list.add(addon);
    return () => this.#list.delete(addon);
  }

  /** How many add-ons there are. */
  get size(): number {
    return this.#list.size;
  }

  /**
   * Whether the submit may go on now. When an add-on holds it, `resume` runs once every add-on
   * answered `true` (a second submit meanwhile is swallowed: the held one resumes).
   */
  gate(resume: () => void): boolean {
    if (this.#holding) return false;
    const answers = [...this.#list].map((addon) => addon.ready());
    if (answers.some((a) => a === false)) return false;
    const held = answers.filter((a): a is Promise<boolean> => a instanceof Promise);
    if (!held.length) return true;
    this.#holding = true;
    Promise.all(held.map((p) => p.catch(() => false))).then((results) => {
      this.#holding = false;
      if (results.every(Boolean)) resume();
    });
    return false;
  }

  /** Every add-on's pairs for the submit going out now. */
  pairs(): Array<[string, string]> {
    return [...this.#list].flatMap((addon) => addon.pairs?.() ?? []);
  }

  /** Tells every add-on that an ajax submit went out. */
  sent(): void {
    for (const addon of this.#list) addon.sent?.();
  }
}
