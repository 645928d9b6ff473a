/** What a game service answers: the data and, for changes, the message the client shows. */
export interface ServiceResult<T> {
  data: T;
  message?: string;
}
