import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import type { Lancamento, Paged } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LANCAMENTO, ROTA_FORM_LANCAMENTO } from './comum';

type Filtros = {
  contaCaixaId?: number | null;
  periodoDe?: Dayjs | null;
  periodoAte?: Dayjs | null;
  historico?: string;
};
const FILTROS = ['contaCaixaId', 'periodoDe', 'periodoAte', 'historico'] as const;
const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/** Asks the justification of a reversal (spec §4) and reverses the entry. */
function Estorno({ lancamento, fechar }: { lancamento: Lancamento | null; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'comum', 'financeiro', 'menu', 'validacao']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ justificativa: string }>();
  const estornar = async (v: { justificativa: string }) => {
    if (!lancamento) return;
    try {
      await api.post(`lancamento-caixa/${lancamento.id}/estornar`, v);
      await qc.invalidateQueries({ queryKey: ['lancamento-caixa'] });
      void message.success(t('financeiro:estornado'));
      fechar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };
  return (
    <Modal
      open={!!lancamento}
      title={t('financeiro:estornarTitulo', { historico: lancamento?.historico ?? '' })}
      okText={t('financeiro:estornar')}
      okButtonProps={{ danger: true }}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('financeiro:estornoDica')}</Typography.Paragraph>
      <Form form={form} name="estorno" layout="vertical" onFinish={estornar}>
        <Form.Item
          name="justificativa"
          label={t('campos:justificativa')}
          required
          rules={[
            {
              required: true,
              min: 5,
              message: t('validacao:tamanhoMinimo', { campo: t('campos:justificativa'), n: 5 }),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `/lancamento-caixa` (spec §2): the cash ledger of the scope with each entry's running balance
 * (per cash account), filtered by account, period and description; reversal with a justification.
 */
export default function LancamentoCaixaPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'financeiro', 'menu', 'validacao']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [form] = Form.useForm<Filtros>();
  const [estornando, setEstornando] = useState<Lancamento | null>(null);
  useTitulo(`menu:acessos.${ACESSO_LANCAMENTO}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);

  useEffect(() => {
    const f = JSON.parse(chave) as Record<string, string>;
    form.setFieldsValue({
      contaCaixaId: f.contaCaixaId ? Number(f.contaCaixaId) : null,
      periodoDe: f.periodoDe ? dayjs(f.periodoDe) : null,
      periodoAte: f.periodoAte ? dayjs(f.periodoAte) : null,
      historico: f.historico ?? '',
    });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ordem: 'asc', ...filtros };
  const q = useQuery({
    queryKey: ['lancamento-caixa', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<Lancamento>>('lancamento-caixa/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      contaCaixaId: v.contaCaixaId ? String(v.contaCaixaId) : undefined,
      periodoDe: dataIso(v.periodoDe),
      periodoAte: dataIso(v.periodoAte),
      historico: v.historico?.trim() || undefined,
    });
  const dinheiro = (v: string) => dinheiroParaTela(v, i18n.language);
  const data = { format: formatoData(i18n.language) };
  const alteravel = (l: Lancamento) => !l.estornadoEm && !l.estornoDeId;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO_LANCAMENTO}`)}
        </Typography.Title>
        {pode(ACESSO_LANCAMENTO, 'C') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="novo"
            onClick={() => navegar(ROTA_FORM_LANCAMENTO)}
          >
            {t('financeiro:novoLancamento')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-lancamentos" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="contaCaixaId" label={t('campos:contaCaixaId')} style={{ minWidth: 300 }}>
            <SelectReferencia referencia="conta-caixa" allowClear />
          </Form.Item>
          <Form.Item name="periodoDe" label={t('campos:periodoDe')}>
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item name="periodoAte" label={t('campos:periodoAte')}>
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item name="historico" label={t('campos:historico')}>
            <Input maxLength={200} allowClear />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<Lancamento>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          {
            key: 'data',
            dataIndex: 'data',
            title: t('campos:data'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          { key: 'contaCaixaNome', dataIndex: 'contaCaixaNome', title: t('campos:contaCaixaId') },
          {
            key: 'historico',
            dataIndex: 'historico',
            title: t('campos:historico'),
            render: (v: string, l: Lancamento) => (
              <Space size={4}>
                {v}
                {l.estornadoEm && <Tag icon={<RollbackOutlined />}>{t('financeiro:estornado')}</Tag>}
                {l.transferenciaId && <Tag>{t('campos:opcao.tipo.TRANSFERENCIA')}</Tag>}
              </Space>
            ),
          },
          { key: 'planoContaNome', dataIndex: 'planoContaNome', title: t('campos:planoContaNome') },
          { key: 'valor', dataIndex: 'valor', title: t('campos:valor'), align: 'right', render: dinheiro },
          { key: 'saldo', dataIndex: 'saldo', title: t('campos:saldo'), align: 'right', render: dinheiro },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, l: Lancamento) => (
              <Space size={4}>
                <AcoesLinha
                  aoVisualizar={() => navegar(`${ROTA_FORM_LANCAMENTO}/${l.id}/visualizacao`)}
                  aoEditar={
                    pode(ACESSO_LANCAMENTO, 'U') && alteravel(l) && !l.transferenciaId
                      ? () => navegar(`${ROTA_FORM_LANCAMENTO}/${l.id}`)
                      : undefined
                  }
                />
                {pode(ACESSO_LANCAMENTO, 'U') && alteravel(l) && (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<RollbackOutlined />}
                    aria-label={t('financeiro:estornar')}
                    title={t('financeiro:estornar')}
                    onClick={() => setEstornando(l)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <Estorno lancamento={estornando} fechar={() => setEstornando(null)} />
    </Space>
  );
}
