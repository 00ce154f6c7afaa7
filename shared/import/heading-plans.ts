import type { EntryField } from '../entry/fields';
import { SOFT_WORDS } from './heading-words';

/** Words that name the protection plan sold with the goods ("Guard", "Care Plan", "Warranty"). */
const PLAN_WORDS = new Set(['guard', 'care', 'protection', 'cover', 'warranty', 'plan', 'guarantee']);
/** Words that, beside a plan's name, make the heading its number: "Plan No", "Protection Cert". */
const NUMBER_WORDS = new Set(['number', 'reference', 'certificate', 'id', 'policy']);
/** Words that, beside a plan's name, make the heading its price: "Guard Premium", "Plan Cost". */
const PRICE_WORDS = new Set(['premium', 'price', 'cost', 'fee']);
/** A currency symbol in a heading: "Care Plan £" is the plan's price. */
const CURRENCY = /[£$€]/u;

/**
 * The field a heading naming the protection plan holds, as a guess: its number ("Plan No", "Guard
 * Policy No", "Protection Cert") or its price ("Guard Premium", "Care Plan £"); undefined otherwise
 * ("Plan Type", "Cover Start", "Care Plan" alone).
 */
export function planField(words: readonly string[], text: string): EntryField | undefined {
  if (!words.some((w) => PLAN_WORDS.has(w))) return undefined;
  const rest = words.filter((w) => !PLAN_WORDS.has(w) && !SOFT_WORDS.has(w));
  if (rest.length === 0) return CURRENCY.test(text) ? 'policy_premium' : undefined;
  if (rest.every((w) => NUMBER_WORDS.has(w)) && rest.some((w) => w !== 'policy')) return 'policy';
  if (rest.every((w) => PRICE_WORDS.has(w) || w === 'policy') && rest.some((w) => PRICE_WORDS.has(w)))
    return 'policy_premium';
  return undefined;
}
