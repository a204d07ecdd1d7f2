import { type CobrancasLoteInput, cobrancasLoteInput, FORMAS_COBRANCA, type PreviaCobrancasLote } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { avisarErro } from '../../platform/aviso';
import { chaves, cliente, dados } from '../../platform/cliente';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { SeletorPessoas } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { TabelaLotes } from '../processamento-lote/comum';
import { DetalheLote } from '../processamento-lote/ProcessamentoLoteFormPage';
import { OrganizacaoDoLote } from './OrganizacaoDoLote';

const ACESSO = 'CobrancasEmLote';
const ROTA = '/cobrancas-em-lote/form';

type Valores = CobrancasLoteInput;

/** What the server takes from the form: empty fields left out. */
function pedido(v: Valores): CobrancasLoteInput {
  return {
    organizacaoId: v.organizacaoId ?? undefined,
    incluirSubarvore: v.incluirSubarvore,
    anoCompetencia: v.anoCompetencia ?? undefined,
    mesCompetenciaDe: v.mesCompetenciaDe ?? undefined,
    mesCompetenciaAte: v.mesCompetenciaAte ?? undefined,
    vencimentoDe: v.vencimentoDe || undefined,
    vencimentoAte: v.vencimentoAte || undefined,
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
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'lotes', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();
  const [confirmacao, setConfirmacao] = useState<{ entrada: CobrancasLoteInput; previa: PreviaCobrancasLote } | null>(
    null,
  );
  const [elevar, setElevar] = useState(false);
  const regra = regrasZod(cobrancasLoteInput);
  const noForm = (e: unknown) => {
    if (!aplicarErrosServidor(form, e)) avisarErro(e);
  };

  const conferir = useMutation({
    mutationFn: async (entrada: CobrancasLoteInput) => {
      const { forma: _f, parcelas: _p, confirmarMinimo: _c, ...filtro } = entrada;
      const previa: PreviaCobrancasLote = await dados(cliente.POST('/api/cobrancas-em-lote/previa', { body: filtro }));
      return { entrada, previa };
    },
    onSuccess: (r) => {
      if (!r.previa.total) return void message.warning(t('cobrancas:cobrancasLote.nenhuma'));
      setElevar(false);
      setConfirmacao(r);
    },
    onError: noForm,
  });

  const criar = useMutation({
    mutationFn: (entrada: CobrancasLoteInput) =>
      dados(cliente.POST('/api/cobrancas-em-lote/', { body: { ...entrada, confirmarMinimo: elevar } })),
    onSuccess: async (criado) => {
      setConfirmacao(null);
      await qc.invalidateQueries({ queryKey: chaves('cobrancas-em-lote').todas });
      void message.success(t('cobrancas:cobrancasLote.criado', { total: criado.total }));
      navegar(`${ROTA}/${criado.id}/visualizacao`);
    },
    onError: (e) => {
      setConfirmacao(null);
      noForm(e);
    },
  });

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
            onFinish={(v) => conferir.mutate(pedido(v))}
            style={{ maxWidth: 720 }}
          >
            <OrganizacaoDoLote regra={regra} />
            <Space wrap align="start">
              <Form.Item name="anoCompetencia" label={t('campos:anoCompetencia')} rules={regra('anoCompetencia')}>
                <InputNumber precision={0} />
              </Form.Item>
              <Form.Item
                name="mesCompetenciaDe"
                label={t('cobrancas:cobrancasLote.mesDe')}
                rules={regra('mesCompetenciaDe')}
              >
                <InputNumber precision={0} />
              </Form.Item>
              <Form.Item
                name="mesCompetenciaAte"
                label={t('cobrancas:cobrancasLote.mesAte')}
                rules={regra('mesCompetenciaAte')}
              >
                <InputNumber precision={0} />
              </Form.Item>
              <Form.Item name="vencimentoDe" label={t('campos:vencimentoDe')} rules={regra('vencimentoDe')}>
                <EntradaData />
              </Form.Item>
              <Form.Item
                name="vencimentoAte"
                label={t('campos:vencimentoAte')}
                dependencies={['vencimentoDe']}
                rules={regra('vencimentoAte')}
              >
                <EntradaData />
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
                <InputNumber precision={0} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={conferir.isPending} data-testid="conferir-lote">
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
        okButtonProps={{ loading: criar.isPending, ...({ 'data-testid': 'confirmar-lote' } as Record<string, string>) }}
        onOk={() => confirmacao && criar.mutate(confirmacao.entrada)}
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
