import {
  type CobrancasLoteInput,
  cobrancasLoteInput,
  FORMAS_COBRANCA,
  MAX_PARCELAS,
  type PreviaCobrancasLote,
  type ProcessamentoLote,
} from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { formatoData } from '../../platform/crud/definicao';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { SeletorPessoas } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { TabelaLotes } from '../processamento-lote/comum';
import { DetalheLote } from '../processamento-lote/ProcessamentoLoteFormPage';

const ACESSO = 'CobrancasEmLote';
const ROTA = '/cobrancas-em-lote/form';

type Valores = Omit<CobrancasLoteInput, 'vencimentoDe' | 'vencimentoAte'> & {
  vencimentoDe?: Dayjs | null;
  vencimentoAte?: Dayjs | null;
};

const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/** What the server takes from the form: empty fields left out, dates as ISO strings. */
function pedido(v: Valores): CobrancasLoteInput {
  return {
    organizacaoId: v.organizacaoId ?? undefined,
    incluirSubarvore: v.incluirSubarvore,
    anoCompetencia: v.anoCompetencia ?? undefined,
    mesCompetenciaDe: v.mesCompetenciaDe ?? undefined,
    mesCompetenciaAte: v.mesCompetenciaAte ?? undefined,
    vencimentoDe: dataIso(v.vencimentoDe),
    vencimentoAte: dataIso(v.vencimentoAte),
    status: v.status,
    pessoaIds: v.pessoaIds?.length ? v.pessoaIds : undefined,
    organizacaoTitularId: v.organizacaoTitularId ?? undefined,
    forma: v.forma,
    parcelas: v.parcelas,
    confirmarMinimo: false,
  };
}

/**
 * `/cobrancas-em-lote/form/:id?/:visualizacao?/:visualizar?` (spec §2): the open or overdue
 * receivables without a charge that the filters pick are charged at the provider in a bulk
 * processing; the user confirms the count (and raising those below R$ 5,00) first. With an id,
 * the batch itself, followed live.
 */
export default function CobrancasEmLotePage() {
  const { id } = useParams();
  const { i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'lotes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO}`);
  if (id) return <DetalheLote id={Number(id)} idioma={i18n.language} />;
  return <NovoLote />;
}

function NovoLote() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'lotes', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();
  const [confirmacao, setConfirmacao] = useState<{ entrada: CobrancasLoteInput; previa: PreviaCobrancasLote } | null>(
    null,
  );
  const [elevar, setElevar] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const regra = regrasZod(cobrancasLoteInput);
  const data = { format: formatoData(i18n.language) };

  const conferir = async (v: Valores) => {
    const entrada = pedido(v);
    const { forma: _f, parcelas: _p, confirmarMinimo: _c, ...filtro } = entrada;
    try {
      const previa = await api.post<PreviaCobrancasLote>('cobrancas-em-lote/previa', filtro);
      if (!previa.total) {
        void message.warning(t('cobrancas:cobrancasLote.nenhuma'));
        return;
      }
      setElevar(false);
      setConfirmacao({ entrada, previa });
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };

  const criar = async () => {
    if (!confirmacao) return;
    setEnviando(true);
    try {
      const criado = await api.post<ProcessamentoLote>('cobrancas-em-lote', {
        ...confirmacao.entrada,
        confirmarMinimo: elevar,
      });
      setConfirmacao(null);
      await qc.invalidateQueries({ queryKey: ['cobrancas-em-lote'] });
      void message.success(t('cobrancas:cobrancasLote.criado', { total: criado.total }));
      navegar(`${ROTA}/${criado.id}/visualizacao`);
    } catch (e) {
      setConfirmacao(null);
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Alert type="info" showIcon title={t('cobrancas:cobrancasLote.explicacao')} />
      {pode(ACESSO, 'C') && (
        <Card size="small" title={t('cobrancas:cobrancasLote.novo')}>
          <Form<Valores>
            form={form}
            name="cobrancas-em-lote"
            data-testid="form-cobrancas-em-lote"
            layout="vertical"
            initialValues={{ incluirSubarvore: true, status: ['ABERTO', 'VENCIDO'], forma: 'BOLETO', parcelas: 1 }}
            onFinish={conferir}
            style={{ maxWidth: 720 }}
          >
            <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} rules={regra('organizacaoId')}>
              <SelectReferencia referencia="organizacao" allowClear />
            </Form.Item>
            <Form.Item name="incluirSubarvore" label={t('lotes:incluirSubarvore')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item name="anoCompetencia" label={t('campos:anoCompetencia')} rules={regra('anoCompetencia')}>
                <InputNumber min={1900} max={2200} precision={0} />
              </Form.Item>
              <Form.Item
                name="mesCompetenciaDe"
                label={t('cobrancas:cobrancasLote.mesDe')}
                rules={regra('mesCompetenciaDe')}
              >
                <InputNumber min={1} max={12} precision={0} />
              </Form.Item>
              <Form.Item
                name="mesCompetenciaAte"
                label={t('cobrancas:cobrancasLote.mesAte')}
                rules={regra('mesCompetenciaAte')}
              >
                <InputNumber min={1} max={12} precision={0} />
              </Form.Item>
              <Form.Item name="vencimentoDe" label={t('campos:vencimentoDe')}>
                <DatePicker {...data} />
              </Form.Item>
              <Form.Item name="vencimentoAte" label={t('campos:vencimentoAte')}>
                <DatePicker {...data} />
              </Form.Item>
            </Space>
            <Form.Item name="status" label={t('campos:status')} rules={regra('status')}>
              <Select
                mode="multiple"
                options={(['ABERTO', 'VENCIDO'] as const).map((s) => ({
                  value: s,
                  label: t(`campos:opcao.statusContaAReceber.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="pessoaIds" label={t('lotes:pessoas')} rules={regra('pessoaIds')}>
              <SeletorPessoas aria-label={t('lotes:pessoas')} />
            </Form.Item>
            <Form.Item name="organizacaoTitularId" label={t('campos:organizacaoTitularId')}>
              <SelectReferencia referencia="organizacao" allowClear />
            </Form.Item>
            <Space wrap align="start">
              <Form.Item name="forma" label={t('campos:formaPagamento')} rules={regra('forma')} required>
                <Select
                  style={{ minWidth: 200 }}
                  options={FORMAS_COBRANCA.map((f) => ({ value: f, label: t(`campos:opcao.formaPagamento.${f}`) }))}
                />
              </Form.Item>
              <Form.Item name="parcelas" label={t('campos:parcelas')} rules={regra('parcelas')} required>
                <InputNumber min={1} max={MAX_PARCELAS} precision={0} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" data-testid="conferir-lote">
              {t('cobrancas:cobrancasLote.gerar')}
            </Button>
          </Form>
        </Card>
      )}
      <Modal
        open={!!confirmacao}
        title={t('cobrancas:cobrancasLote.confirmarTitulo')}
        okText={t('cobrancas:cobrancasLote.gerar')}
        cancelText={t('comum:cancelar')}
        okButtonProps={{ loading: enviando, ...({ 'data-testid': 'confirmar-lote' } as Record<string, string>) }}
        onOk={criar}
        onCancel={() => setConfirmacao(null)}
        destroyOnHidden
      >
        {confirmacao && (
          <Space orientation="vertical">
            <Typography.Text>
              {t('cobrancas:cobrancasLote.confirmarTotal', { total: confirmacao.previa.total })}
            </Typography.Text>
            {confirmacao.previa.abaixoDoMinimo > 0 && (
              <>
                <Alert
                  type="warning"
                  showIcon
                  title={t('cobrancas:cobrancasLote.abaixoDoMinimo', { n: confirmacao.previa.abaixoDoMinimo })}
                />
                <Checkbox checked={elevar} onChange={(e) => setElevar(e.target.checked)} data-testid="elevar-minimo">
                  {t('cobrancas:cobrancasLote.elevarMinimo')}
                </Checkbox>
              </>
            )}
          </Space>
        )}
      </Modal>
      <TabelaLotes recurso="cobrancas-em-lote" verEm={(l) => `${ROTA}/${l.id}/visualizacao`} />
    </Space>
  );
}
