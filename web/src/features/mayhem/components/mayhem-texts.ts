import { msg } from '../../../i18n';

/** The client-side texts of market mayhem. */
export const MAYHEM_TEXT = {
  NEED_BOTH: msg('Please select both a company and a percentage.'),
  NEED_SELECTIONS: msg('Please add some selections before submitting.'),
  SELECTION_ADDED: msg('Selections added. Proceed to the next step.'),
  CREATED: msg('Market Mayhem create successfully'),
  RESPONDED: msg('Market mayhem responded successfully.'),
  EXPLAIN: msg(
    'Each pick moves a company by its percentage; when the broker presses Average, every picked company moves by the mean of the picks.',
  ),
  AVERAGE_WAITS: msg('Average opens once at least one investor has responded.'),
} as const;
