import { AGRUPAMENTOS_INDICADOR, MAXIMO_BALDES_INDICADOR, PERIODO_CONFIRMACAO_DIAS } from '@sig/contracts';
import { Alert, App, Button, Card, DatePicker, Form, Radio, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataParaTela, formatoData } from './crud/definicao';
import { type DadosGrafico, type FormatoValor, rotuloBalde } from './graficos';
import { i18n } from './i18n';
import { useLayoutDosFiltros } from './layoutFiltros';

/** The query every indicator sends (contracts `indicadorQuery`). */
export type FiltroIndicador = {
  periodo: number;
  somenteMinhaOrganizacao: boolean;
  periodoDe: string;
  periodoAte: string;
};
type Valores = { periodo: number; somenteMinhaOrganizacao: boolean; intervalo: [Dayjs, Dayjs] };

/** Spec §3 attendance filter defaults: the first day of the current month to today, by day. */
const filtroInicial = (): FiltroIndicador => ({
  periodo: 0,
  somenteMinhaOrganizacao: false,
  periodoDe: dayjs().startOf('month').format('YYYY-MM-DD'),
  periodoAte: dayjs().format('YYYY-MM-DD'),
});

/**
 * The filter of an indicator screen (spec §2, §3): period, grouping of the last-ten series, own
 * organization only. A period over 30 days asks first (spec §5). Returns the applied filter and
 * the form that changes it.
 */
export function useFiltroIndicador() {
  const layoutFiltros = useLayoutDosFiltros();
  const { t, i18n } = useTranslation(['campos', 'comum']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const [filtro, setFiltro] = useState(filtroInicial);

  const aplicar = (v: Valores) => {
    const novo = {
      periodo: v.periodo,
      somenteMinhaOrganizacao: v.somenteMinhaOrganizacao,
      periodoDe: v.intervalo[0].format('YYYY-MM-DD'),
      periodoAte: v.intervalo[1].format('YYYY-MM-DD'),
    };
    if (v.intervalo[1].diff(v.intervalo[0], 'day') > PERIODO_CONFIRMACAO_DIAS) {
      modal.confirm({
        title: t('comum:indicadores.periodoLongo', { dias: PERIODO_CONFIRMACAO_DIAS }),
        okText: t('comum:confirmar'),
        cancelText: t('comum:cancelar'),
        onOk: () => setFiltro(novo),
      });
      return;
    }
    setFiltro(novo);
  };

  const inicial = filtroInicial();
  const filtros = (
    <Card size="small">
      <Form
        form={form}
        name="indicador"
        layout={layoutFiltros}
        onFinish={aplicar}
        initialValues={{
          periodo: 0,
          somenteMinhaOrganizacao: false,
          intervalo: [dayjs(inicial.periodoDe), dayjs(inicial.periodoAte)],
        }}
      >
        <Form.Item name="intervalo" label={t('comum:indicadores.periodo')} rules={[{ required: true }]}>
          <DatePicker.RangePicker format={formatoData(i18n.language)} allowClear={false} />
        </Form.Item>
        <Form.Item name="periodo" label={t('comum:indicadores.agrupamento')}>
          <Radio.Group
            optionType="button"
            options={AGRUPAMENTOS_INDICADOR.map((a, i) => ({ value: i, label: t(`comum:indicadores.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="somenteMinhaOrganizacao" label={t('campos:somenteMinhaOrganizacao')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('comum:buscar')}
        </Button>
      </Form>
    </Card>
  );
  return { filtro, filtros };
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
export function serieComAnterior<B extends BaldeDaResposta>(
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
