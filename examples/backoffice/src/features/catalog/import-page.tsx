import { Link } from 'wouter';
import { CsvUpload } from '../../components/csv-upload';
import { PageHeader } from '../../components/page';
import type { ImportAnswer } from './types';

/** What an import did (or, as a dry run, would do), in counts. */
function Counts({ answer }: { answer: ImportAnswer }) {
  return (
    <dl className="facts">
      <div>
        <dt>行数</dt>
        <dd>{answer.rows}行</dd>
      </div>
      <div>
        <dt>新しい商品</dt>
        <dd>{answer.created}件</dd>
      </div>
      <div>
        <dt>変更する商品</dt>
        <dd>{answer.updated}件</dd>
      </div>
      <div>
        <dt>変更のない商品</dt>
        <dd>{answer.unchanged}件</dd>
      </div>
      <div>
        <dt>新しい版・変更する版</dt>
        <dd>
          {answer.variationsCreated}件・{answer.variationsUpdated}件
        </dd>
      </div>
    </dl>
  );
}

/**
 * 商品CSVインポート: a publisher's or distributor's feed (docs/backoffice.md "Product CSV format").
 * The file is checked first (a dry run: nothing written) and every bad row is listed by its line
 * and column; only a file without one can be imported, and the import is all or nothing.
 */
export function ImportPage() {
  return (
    <>
      <PageHeader title="商品CSVインポート" />
      <p>
        1行目は見出し、2行目から1版1行のCSV（UTF-8）です。列と書き方は「商品一覧」のCSVエクスポートと同じです。
        価格が空欄の版は価格未定として登録します。まず内容を確認し、誤りが1行もなければ取り込みます（誤りがあると1件も取り込みません）。
      </p>
      <CsvUpload<ImportAnswer>
        inputId="product-csv-file"
        path="products/import/"
        showColumn
        refusedHint={<p>CSVを直して、もう一度ファイルを選んでください。</p>}
        checked={{
          label: '取り込む内容',
          body: (answer) => (
            <>
              <p role="status">誤りはありません（まだ取り込んでいません）。</p>
              <Counts answer={answer} />
            </>
          ),
        }}
        applyLabel={() => '取り込む'}
        applied={{
          label: '取り込みの結果',
          body: (answer) => (
            <>
              <p role="status">取り込みました。</p>
              <Counts answer={answer} />
              <p>
                <Link href="/catalog/products">商品一覧を見る</Link>
              </p>
            </>
          ),
        }}
        appliedToast={(answer) => `${answer.created + answer.updated}件の商品を取り込みました`}
      />
    </>
  );
}
