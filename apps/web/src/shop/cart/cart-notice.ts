/** What a page that filled the cart tells the cart page to say, e.g. the /book link's 'Added for {outlet}'. */
export interface CartNoticeState {
  notice?: string;
}
