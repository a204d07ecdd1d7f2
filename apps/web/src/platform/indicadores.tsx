import { AGRUPAMENTOS_INDICADOR, PERIODO_CONFIRMACAO_DIAS } from '@sig/contracts';
import { App, Button, Card, DatePicker, Form, Progress, Radio, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatoData } from './crud/definicao';

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
        layout="inline"
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

/** One value per line with a bar against the largest: readable without a chart library. */
export function Barras({
  titulo,
  linhas,
  rotulo,
  valor,
}: {
  titulo: string;
  linhas: { chave: string; total: number }[];
  rotulo?: (c: string) => string;
  /** How the value is shown (money, for offerings). */
  valor?: (n: number) => string;
}) {
  const maior = Math.max(1, ...linhas.map((l) => l.total));
  return (
    <Card size="small" title={titulo}>
      {linhas.map((l) => {
        const nome = rotulo ? rotulo(l.chave) : l.chave;
        const mostrado = valor ? valor(l.total) : String(l.total);
        return (
          <div key={l.chave} data-testid="barra">
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <span>{nome}</span>
              <strong>{mostrado}</strong>
            </Space>
            {/* The bar repeats the line's value for a screen reader. */}
            <Progress
              percent={(100 * l.total) / maior}
              showInfo={false}
              size="small"
              aria-label={`${nome}: ${mostrado}`}
            />
          </div>
        );
      })}
    </Card>
  );
}
