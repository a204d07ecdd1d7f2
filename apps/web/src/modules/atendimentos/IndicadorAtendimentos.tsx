import { AGRUPAMENTOS_INDICADOR, type IndicadorAtendimentos as Dados, PERIODO_CONFIRMACAO_DIAS } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, DatePicker, Form, Progress, Radio, Row, Space, Statistic, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { formatoData } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { NS } from './comum';

type Filtro = { periodo: number; somenteMinhaOrganizacao: boolean; periodoDe: string; periodoAte: string };
type Valores = { periodo: number; somenteMinhaOrganizacao: boolean; intervalo: [Dayjs, Dayjs] };

/** Spec §3 attendance filter defaults: the first day of the current month to today, by day. */
const filtroInicial = (): Filtro => ({
  periodo: 0,
  somenteMinhaOrganizacao: false,
  periodoDe: dayjs().startOf('month').format('YYYY-MM-DD'),
  periodoAte: dayjs().format('YYYY-MM-DD'),
});

/** One count per line with a bar against the largest: readable without a chart library. */
function Barras({
  titulo,
  linhas,
  rotulo,
}: {
  titulo: string;
  linhas: Dados['porStatus'];
  rotulo?: (c: string) => string;
}) {
  const maior = Math.max(1, ...linhas.map((l) => l.total));
  return (
    <Card size="small" title={titulo}>
      {linhas.map((l) => (
        <div key={l.chave} data-testid="barra">
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span>{rotulo ? rotulo(l.chave) : l.chave}</span>
            <strong>{l.total}</strong>
          </Space>
          <Progress percent={(100 * l.total) / maior} showInfo={false} size="small" />
        </div>
      ))}
    </Card>
  );
}

/**
 * The service-ticket indicator (spec §2 /indicadores/atendimentos): the tickets sent to the
 * organization the user acts for, by status, category and organization over the period, and
 * the last ten days, months or years. A period over 30 days asks first (spec §5).
 */
export function IndicadorAtendimentos() {
  const { t, i18n } = useTranslation(NS);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const [filtro, setFiltro] = useState(filtroInicial);
  const q = useQuery({
    queryKey: ['atendimentos', 'indicador', filtro],
    queryFn: () => api.get<Dados>('indicadores/atendimentos', filtro),
    placeholderData: keepPreviousData,
  });

  const aplicar = (v: Valores) => {
    const novo = {
      periodo: v.periodo,
      somenteMinhaOrganizacao: v.somenteMinhaOrganizacao,
      periodoDe: v.intervalo[0].format('YYYY-MM-DD'),
      periodoAte: v.intervalo[1].format('YYYY-MM-DD'),
    };
    if (v.intervalo[1].diff(v.intervalo[0], 'day') > PERIODO_CONFIRMACAO_DIAS) {
      modal.confirm({
        title: t('atendimentos:periodoLongo', { dias: PERIODO_CONFIRMACAO_DIAS }),
        okText: t('comum.confirmar'),
        cancelText: t('comum.cancelar'),
        onOk: () => setFiltro(novo),
      });
      return;
    }
    setFiltro(novo);
  };

  const inicial = filtroInicial();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
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
          <Form.Item name="intervalo" label={t('atendimentos:filtro.periodo')} rules={[{ required: true }]}>
            <DatePicker.RangePicker format={formatoData(i18n.language)} allowClear={false} />
          </Form.Item>
          <Form.Item name="periodo" label={t('atendimentos:indicador.agrupamento')}>
            <Radio.Group
              optionType="button"
              options={AGRUPAMENTOS_INDICADOR.map((a, i) => ({ value: i, label: t(`atendimentos:indicador.${a}`) }))}
            />
          </Form.Item>
          <Form.Item name="somenteMinhaOrganizacao" label={t('campos:somenteMinhaOrganizacao')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('comum.buscar')}
          </Button>
        </Form>
      </Card>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error, t)} />}
      {q.data && (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <Card size="small">
              <Statistic
                title={t('atendimentos:indicador.total')}
                value={q.data.total}
                data-testid="total-atendimentos"
              />
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Barras
              titulo={t('atendimentos:indicador.porStatus')}
              linhas={q.data.porStatus}
              rotulo={(c) => t(`atendimentos:status.${c}`)}
            />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.serie')} linhas={q.data.serie} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.porCategoria')} linhas={q.data.porCategoria} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.porOrganizacao')} linhas={q.data.porOrganizacao} />
          </Col>
        </Row>
      )}
    </Space>
  );
}
