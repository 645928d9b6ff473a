/** The client-side texts of SPEC §5 and §8 for market mayhem. */
export const MAYHEM_TEXT = {
  NEED_BOTH: 'Please select both a company and a percentage.',
  NEED_SELECTIONS: 'Please add some selections before submitting.',
  SELECTION_ADDED: 'Selections added. Proceed to the next step.',
  CREATED: 'Market Mayhem create successfully',
  RESPONDED: 'Market mayhem responded successfully.',
  EXPLAIN:
    'Each pick moves a company by its percentage; when the broker presses Average, every picked company moves by the mean of the picks.',
  AVERAGE_WAITS: 'Average opens once at least one investor has responded.',
} as const;
