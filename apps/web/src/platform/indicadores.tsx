import { AGRUPAMENTOS_INDICADOR, MAXIMO_BALDES_INDICADOR } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, type ColProps, Form, Radio, Row, Space } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { paths } from './api-esquema';
import { cliente, dados, type RespostaDe } from './cliente';
import { dataParaTela } from './crud/definicao';
import { CamposDeFiltro, type FiltroLista, padroesDosFiltros, urlDosValores, valoresDaUrl } from './crud/filtros';
import { ErroDaLista } from './crud/PartesDaLista';
import {
  CartaoGrafico,
  CartaoKpi,
  type DadosGrafico,
  type FormatoValor,
  type PropsCartaoGrafico,
  type PropsCartaoKpi,
  rotuloBalde,
} from './graficos';
import { i18n } from './i18n';
import { useLayoutDosFiltros } from './layoutFiltros';
import { useConfirmarPeriodo } from './useConfirmarPeriodo';

/** The filters every indicator has after its own: the period and "own organization only". */
const COMUNS = [
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte' },
  { tipo: 'booleano', nome: 'somenteMinhaOrganizacao' },
] as const satisfies readonly FiltroLista[];

export type OpcoesIndicador = {
  /** The screen's own filters, declared as a list's (the registry's person filters). */
  extras?: readonly FiltroLista[];
  /** The grouping it opens with: the index in `AGRUPAMENTOS_INDICADOR` (days, months, years). */
  agrupamento?: number;
  /** Opens on the first day of the month → today (spec §9); `false`: the server's default period. */
  periodoDoMes?: boolean;
};

/** One empty list for the screens without filters of their own: a new one each render would re-run the memo. */
const SEM_EXTRAS: readonly FiltroLista[] = [];

const definidos = (o: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(o).filter((p): p is [string, string] => p[1] !== undefined));

/**
 * The filter of an indicator screen (spec §2, §3), kept in the address like a list's: the screen's
 * own filters, the period, its grouping into at most ten buckets and own organization only; an
 * address without filters opens on the defaults. A period over 30 days asks first (spec §5).
 * Returns the API's query, the form, and `aplicar` for a drill-down (a row that narrows the filter).
 */
export function useFiltroIndicador({
  extras = SEM_EXTRAS,
  agrupamento = 0,
  periodoDoMes = true,
}: OpcoesIndicador = {}) {
  const layoutFiltros = useLayoutDosFiltros();
  const { t } = useTranslation(['campos', 'comum']);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [params, setParams] = useSearchParams();
  const declarados = useMemo<readonly FiltroLista[]>(
    () => [...extras, { ...COMUNS[0], ...(periodoDoMes ? { padrao: 'mes' as const } : {}) }, COMUNS[1]],
    [extras, periodoDoMes],
  );
  const consulta = useMemo(() => {
    const url = Object.fromEntries(params);
    const efetiva = params.toString() ? url : padroesDosFiltros(declarados);
    return {
      ...definidos(urlDosValores(declarados, valoresDaUrl(declarados, efetiva))),
      periodo: efetiva.periodo ?? String(agrupamento),
    };
  }, [params, declarados, agrupamento]);
  useEffect(
    () => form.setFieldsValue({ ...valoresDaUrl(declarados, consulta), periodo: Number(consulta.periodo) }),
    [form, declarados, consulta],
  );
  const confirmar = useConfirmarPeriodo(declarados);
  const aplicar = (v: Record<string, unknown>) =>
    confirmar(v, () =>
      setParams(
        new URLSearchParams(definidos({ ...urlDosValores(declarados, v), periodo: String(v.periodo ?? agrupamento) })),
        { replace: true },
      ),
    );

  const filtros = (
    <Card size="small">
      <Form form={form} name="indicador" layout={layoutFiltros} onFinish={aplicar}>
        <CamposDeFiltro filtros={declarados} />
        <Form.Item name="periodo" label={t('comum:indicadores.agrupamento')}>
          <Radio.Group
            optionType="button"
            options={AGRUPAMENTOS_INDICADOR.map((a, i) => ({ value: i, label: t(`comum:indicadores.${a}`) }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('comum:buscar')}
        </Button>
      </Form>
    </Card>
  );
  return { consulta, filtros, aplicar, form };
}

type CaminhoIndicador = Extract<keyof paths, `/api/indicadores/${string}`>;

/**
 * An indicator screen's data: its filter (`useFiltroIndicador`) and the answer of `caminho` for it,
 * the previous answer kept on screen while the next one loads. `chave` is the resource whose
 * changes make it stale.
 */
export function useIndicador<C extends CaminhoIndicador>(
  caminho: C,
  chave: readonly unknown[],
  opcoes?: OpcoesIndicador,
) {
  const filtro = useFiltroIndicador(opcoes);
  const q = useQuery({
    queryKey: [...chave, 'indicador', filtro.consulta],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET(caminho as '/api/indicadores/cultos/', { params: { query: filtro.consulta as never }, signal }),
      ) as Promise<RespostaDe<paths[C]['get']>>,
    placeholderData: keepPreviousData,
  });
  return { ...filtro, q };
}

/** The period fields every indicator answers (contracts `periodoIndicador`). */
type PeriodoDaResposta = {
  periodoDe: string;
  periodoAte: string;
  recortado: boolean;
  anteriorDe: string;
  anteriorAte: string;
};
type BaldeDaResposta = { chave: string; de: string; ate: string };

/**
 * Which period the cards and the charts describe, and the previous one they compare with; when the
 * period held more than ten buckets, that the figures are its last ten (spec §2).
 */
export function PeriodoDoIndicador({ r }: { r: PeriodoDaResposta }) {
  const { t, i18n } = useTranslation(['comum']);
  const data = (d: string) => dataParaTela(d, i18n.language);
  return (
    <Alert
      type={r.recortado ? 'warning' : 'info'}
      showIcon
      data-testid="periodo-indicador"
      title={t(r.recortado ? 'comum:indicadores.periodoRecortado' : 'comum:indicadores.periodoMostrado', {
        de: data(r.periodoDe),
        ate: data(r.periodoAte),
        maximo: MAXIMO_BALDES_INDICADOR,
        anteriorDe: data(r.anteriorDe),
        anteriorAte: data(r.anteriorAte),
      })}
    />
  );
}

/**
 * A series over time with the previous period beside it: the current buckets' labels, the
 * current values and the previous period's bucket by bucket.
 */
function serieComAnterior<B extends BaldeDaResposta>(
  atual: readonly B[],
  anterior: readonly B[],
  valor: (b: B) => number | string,
  nome: string,
  idioma: string,
  formato: FormatoValor = 'numero',
): DadosGrafico {
  return {
    formato,
    categorias: atual.map((b) => ({ chave: b.chave, rotulo: rotuloBalde(b.chave, idioma) })),
    series: [
      { chave: 'atual', nome, valores: atual.map(valor) },
      {
        chave: 'anterior',
        nome: i18n.t('comum:graficos.periodoAnterior'),
        valores: anterior.map(valor),
        anterior: true,
      },
    ],
  };
}

type Largura = Pick<ColProps, 'xs' | 'md' | 'lg'>;

/**
 * A piece of an indicator's grid: a KPI card (a quarter of a wide screen, half a phone's), a chart
 * or any other block (half a wide screen, a phone's whole width); `largura` sets another.
 */
export type PecaIndicador = { largura?: Largura } & (
  | { kpi: PropsCartaoKpi & { testId: string } }
  | { grafico: PropsCartaoGrafico & { testId: string } }
  | { bloco: ReactNode; chave: string }
);

function Peca({ peca }: { peca: PecaIndicador }) {
  if ('kpi' in peca)
    return (
      <Col xs={12} md={6} {...peca.largura}>
        <CartaoKpi {...peca.kpi} />
      </Col>
    );
  return (
    <Col xs={24} md={12} {...peca.largura}>
      {'grafico' in peca ? <CartaoGrafico {...peca.grafico} /> : peca.bloco}
    </Col>
  );
}

const chaveDa = (p: PecaIndicador) => ('kpi' in p ? p.kpi.testId : 'grafico' in p ? p.grafico.testId : p.chave);

/** Whether an answer describes a period (it carries the contracts' `periodoIndicador`). */
const temPeriodo = (d: unknown): d is PeriodoDaResposta => typeof d === 'object' && d !== null && 'periodoDe' in d;

/**
 * An indicator screen (spec §2): its filters, what the screen shows under them (`antes`), the
 * answer's error, and once the answer is in, the period it describes (when it carries one) and
 * the grid of its pieces, declared from the answer.
 */
export function TelaIndicador<D>({
  filtros,
  q,
  antes,
  pecas,
}: {
  filtros: ReactNode;
  q: { data?: D; error: unknown };
  antes?: ReactNode;
  pecas: (d: D) => readonly PecaIndicador[];
}) {
  const d = q.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      {antes}
      <ErroDaLista erro={q.error} />
      {d !== undefined && (
        <>
          {temPeriodo(d) && <PeriodoDoIndicador r={d} />}
          <Row gutter={[16, 16]}>
            {pecas(d).map((p) => (
              <Peca key={chaveDa(p)} peca={p} />
            ))}
          </Row>
        </>
      )}
    </Space>
  );
}

/** A list's address with its filters as useListaRecurso reads them (blank ones left out). */
export function enderecoDaLista(rota: string, filtros: Record<string, string | number | boolean | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filtros)) if (v !== undefined && v !== '') p.set(k, String(v));
  return `${rota}?${p.toString()}`;
}

/**
 * The days behind a bucket of either series: a click on the previous period's column opens that
 * period's days, on the current one this period's.
 */
export function diasDoBalde<B extends BaldeDaResposta>(
  atual: readonly B[],
  anterior: readonly B[],
  chave: string,
  serie: { anterior?: boolean },
) {
  const i = atual.findIndex((b) => b.chave === chave);
  const b = (serie.anterior ? anterior : atual)[i];
  return b ? { periodoDe: b.de, periodoAte: b.ate } : {};
}

/**
 * A chart of the answer's series over time against the previous period's, in the language in
 * force, whose bucket (of either series) opens the list of its days: `abrir` gets them as the
 * lists' `periodoDe` and `periodoAte`.
 */
export function graficoNoTempo<B extends BaldeDaResposta>(
  d: { serie: readonly B[]; serieAnterior: readonly B[] },
  o: {
    valor: (b: B) => number | string;
    nome: string;
    formato?: FormatoValor;
    abrir: (dias: ReturnType<typeof diasDoBalde>) => void;
  },
): Pick<PropsCartaoGrafico, 'dados' | 'aoClicar'> {
  return {
    dados: serieComAnterior(d.serie, d.serieAnterior, o.valor, o.nome, i18n.language, o.formato),
    aoClicar: (b, s) => o.abrir(diasDoBalde(d.serie, d.serieAnterior, b.chave, s)),
  };
}
