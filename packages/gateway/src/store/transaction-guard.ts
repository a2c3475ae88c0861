/** The error of a statement sent on a transaction that already committed or rolled back. */
export function closedTransaction(): Error {
  return new Error('the transaction has ended: run statements inside its callback');
}
