import { HeadSync } from '../seo/head-sync';
import { StoreLayout } from './store-layout';

/** The storefront's root route: the layout, and the <head> that follows the page. */
export function StorefrontRoot() {
  return (
    <>
      <HeadSync />
      <StoreLayout />
    </>
  );
}
