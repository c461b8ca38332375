import { ROUTES } from '@shop/rules';
import { FactsTable } from '../../../components/facts-table';
import type { ProcessInfo } from '../api/get-process-info';
import { DevNav } from './dev-nav';

/** The server process the page was rendered by. */
export function DevProcessPage({ data }: { data: ProcessInfo }) {
  const rows: [string, string][] = [
    ['Node.js', data.node],
    ['プラットフォーム', data.platform],
    ['PID', String(data.pid)],
    ['稼働時間', `${data.uptimeSeconds}秒`],
    ['メモリ (RSS)', `${data.rssMegabytes} MB`],
    ['ヒープ使用量', `${data.heapUsedMegabytes} MB`],
    ['タイムゾーン', data.timeZone],
    ['ビルドID', data.build.id],
    ['ビルド日時', new Date(data.build.timestamp).toISOString()],
    ['開発者ページ', data.devPages ? '有効' : '無効'],
    ['開発モード', data.development ? '有効' : '無効'],
    ['IPアドレス制限', data.ipFilterEnabled ? '有効' : '無効'],
    ['リダイレクト規則', `${data.redirects}件`],
  ];
  return (
    <>
      <h1 className="page-title">{ROUTES.devProcess.title}</h1>
      <DevNav current="devProcess" />
      <FactsTable rows={rows} />
    </>
  );
}
