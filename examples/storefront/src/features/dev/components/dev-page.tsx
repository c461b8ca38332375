import { ROUTES } from '@shop/rules';
import { ShopLink } from '../../../components/shop-link';
import type { ProcessInfo } from '../api/get-process-info';
import { DevNav } from './dev-nav';

/** The developer pages' index. */
export function DevPage({ data }: { data: ProcessInfo }) {
  return (
    <>
      <h1 className="page-title">{ROUTES.dev.title}</h1>
      <DevNav current="dev" />
      <div className="prose">
        <p>開発者向けのページです。設定で有効にしたときだけ表示され、本番では 404 を返します。</p>
        <ul>
          <li>
            <ShopLink href={ROUTES.devProxy.path()}>プロキシ</ShopLink>: API
            を同じプロセス・同じポートで呼び出した結果
          </li>
          <li>
            <ShopLink href={ROUTES.devProcess.path()}>プロセス</ShopLink>:
            サーバープロセスとビルドの情報
          </li>
          <li>
            <ShopLink href={ROUTES.devSnackbar.path()}>スナックバー</ShopLink>: 通知表示の確認
          </li>
        </ul>
        <p>
          ビルド: <code>{data.build.id}</code>
        </p>
      </div>
    </>
  );
}
