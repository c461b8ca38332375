// How a saved card is written on screen: the card wallet and the checkout's payment step show it.

/** 'YYMM' → 'MM/YY' as cards print it. */
export const formatExpire = (expire: string) => `${expire.slice(2)}/${expire.slice(0, 2)}`;
