// Public surface of the bulk update feature for the other features (the chat tool updates several
// defects through the same runner and result model).
export { runBulkUpdate } from './runner';
export { outcomeText, tallyText } from './outcome';
