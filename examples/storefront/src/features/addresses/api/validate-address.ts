// Loaded on the first submit of an address form only: the rules' address schema brings zod
// (about 25 KB gzip), which the checkout's first load must not carry.
export { validateShippingAddress } from '@shop/rules';
