import { ROUTES } from '@shop/rules';
import { getCards } from '../../features/cards/api/cards';
import { memberPage, type PageLoader } from '../page-loaders';

export const loader: PageLoader = memberPage(ROUTES.creditCard.title, 'クレジットカード', (c) =>
  getCards(c.api),
);
