import { RANKING_TYPES, type RankingType, ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';

/** The five ranking tabs, labelled by @shop/rules RANKING_TYPES. */
export function RankingTabs({ current }: { current: RankingType }) {
  return (
    <nav aria-label="ランキングの種類">
      <ul className="tabs">
        {RANKING_TYPES.map((type) => (
          <li key={type.value}>
            <ShopLink
              href={ROUTES.ranking.path({ type: type.value })}
              aria-current={type.value === current ? 'page' : undefined}
            >
              {type.label}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
