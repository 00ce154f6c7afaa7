import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatScreenDate, parseScreenDate, type ScreenDateOrder } from '@shared/entry/screen-date';
import type { SummaryRange } from './summary-route';

/** The range as typed: two dates in the screen's order. */
export interface RangeValues {
  from: string;
  to: string;
}

/** A date typed in the screen order, read as YYYY-MM-DD; required. */
const day = (order: ScreenDateOrder, missing: string) =>
  z.string().transform((raw, ctx) => {
    const read = parseScreenDate(raw, order);
    if (!read.ok || !read.value) ctx.addIssue({ code: 'custom', message: read.ok ? missing : read.message });
    return read.ok ? read.value : '';
  });

/**
 * The summary's range form: dates typed as everywhere else in the app (one text field each, in
 * the chosen order, never the browser's date input), checked with react-hook-form and zod;
 * `onShow` gets the range as YYYY-MM-DD.
 */
export function useRangeForm(range: SummaryRange, order: ScreenDateOrder, onShow: (range: SummaryRange) => void) {
  const resolver = useMemo(
    () =>
      zodResolver(
        z
          .object({ from: day(order, 'Enter the first day'), to: day(order, 'Enter the last day') })
          .refine((r) => !r.from || !r.to || r.from <= r.to, {
            path: ['to'],
            message: 'The last day is before the first day',
          }),
      ) as unknown as Resolver<RangeValues, unknown, SummaryRange>,
    [order],
  );
  const form = useForm<RangeValues, unknown, SummaryRange>({
    defaultValues: { from: formatScreenDate(range.from, order), to: formatScreenDate(range.to, order) },
    resolver,
    mode: 'onTouched',
  });
  return { form, show: form.handleSubmit(onShow) };
}
