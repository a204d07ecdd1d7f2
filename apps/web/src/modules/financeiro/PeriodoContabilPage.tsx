import { LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Paged, Periodo, SITUACOES_PERIODO } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'PeriodoContabil';

type NovoPeriodo = { contaCaixaId?: number; dataInicio?: Dayjs | null; dataFim?: Dayjs | null };

/** Opens a period on a cash account (the first one, or one after a gap). */
function AbrirPeriodo({
  aberto,
  fechar,
  contaCaixaId,
}: {
  aberto: boolean;
  fechar: () => void;
  contaCaixaId?: number;
}) {
  const { t, i18n } = useTranslation(['campos', 'comum', 'financeiro', 'menu', 'validacao']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<NovoPeriodo>();
  const salvar = async (v: NovoPeriodo) => {
    try {
      await api.post('periodo-contabil', {
        contaCaixaId: v.contaCaixaId,
        dataInicio: v.dataInicio?.format('YYYY-MM-DD'),
        dataFim: v.dataFim?.format('YYYY-MM-DD'),
      });
      await qc.invalidateQueries({ queryKey: ['periodo-contabil'] });
      void message.success(t('comum:salvoComSucesso'));
      fechar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };
  const data = { format: formatoData(i18n.language), style: { width: '100%' } };
  return (
    <Modal
      open={aberto}
      title={t('financeiro:abrirPeriodo')}
      okText={t('comum:salvar')}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form form={form} name="novo-periodo" layout="vertical" initialValues={{ contaCaixaId }} onFinish={salvar}>
        <Form.Item
          name="contaCaixaId"
          label={t('campos:contaCaixaId')}
          required
          rules={[{ required: true, message: t('validacao:obrigatorio', { campo: t('campos:contaCaixaId') }) }]}
        >
          <SelectReferencia referencia="conta-caixa" />
        </Form.Item>
        <Form.Item
          name="dataInicio"
          label={t('campos:dataInicio')}
          required
          rules={[{ required: true, message: t('validacao:obrigatorio', { campo: t('campos:dataInicio') }) }]}
        >
          <DatePicker {...data} />
        </Form.Item>
        <Form.Item
          name="dataFim"
          label={t('campos:dataFim')}
          required
          dependencies={['dataInicio']}
          rules={[
            { required: true, message: t('validacao:obrigatorio', { campo: t('campos:dataFim') }) },
            ({ getFieldValue }) => ({
              validator: (_, fim: Dayjs | null) => {
                const inicio = getFieldValue('dataInicio') as Dayjs | null;
                return inicio && fim?.isBefore(inicio, 'day')
                  ? Promise.reject(new Error(t('validacao:dataFimAntesInicio')))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker {...data} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `/periodo-contabil` (spec §2, §4): the periods of the cash accounts with their balances.
 * Closing fixes the final balance and opens the next period; reopening is for the latest closed
 * one; both ask for confirmation, and the server wants it said.
 */
export default function PeriodoContabilPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'financeiro', 'menu', 'validacao']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaNaUrl();
  const { params, pagina, quantidade, mudar } = lista;
  const contaCaixaId = params.get('contaCaixaId') ? Number(params.get('contaCaixaId')) : undefined;
  const consulta = { pagina, quantidade, ordem: 'desc', contaCaixaId };
  const q = useQuery({
    queryKey: ['periodo-contabil', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<Periodo>>('periodo-contabil/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });
  usePaginaValida(lista, q.data?.total);

  const mudarSituacao = async (p: Periodo, acao: 'fechar' | 'reabrir') => {
    try {
      await api.put(`periodo-contabil/${p.id}/${acao}`, { confirmado: true });
      await qc.invalidateQueries({ queryKey: ['periodo-contabil'] });
      void message.success(t(acao === 'fechar' ? 'financeiro:periodoFechado' : 'financeiro:periodoReaberto'));
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };
  const dinheiro = (v: string | null) => dinheiroParaTela(v, i18n.language);
  const podeMudar = pode(ACESSO, 'U');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        {pode(ACESSO, 'C') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => setNovo(true)}>
            {t('financeiro:abrirPeriodo')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form layout="inline" name="filtros-periodo">
          <Form.Item label={t('campos:contaCaixaId')} htmlFor="filtro-conta-caixa" style={{ minWidth: 320 }}>
            <SelectReferencia
              id="filtro-conta-caixa"
              referencia="conta-caixa"
              value={contaCaixaId ?? null}
              allowClear
              onChange={(v: unknown) => mudar({ pagina: undefined, contaCaixaId: v ? String(v) : undefined })}
            />
          </Form.Item>
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<Periodo>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          { key: 'contaCaixaNome', dataIndex: 'contaCaixaNome', title: t('campos:contaCaixaId') },
          {
            key: 'periodo',
            title: t('campos:periodoContabilId'),
            render: (_: unknown, p: Periodo) =>
              `${dataParaTela(p.dataInicio, i18n.language)} – ${dataParaTela(p.dataFim, i18n.language)}`,
          },
          {
            key: 'situacao',
            dataIndex: 'situacao',
            title: t('campos:situacao'),
            // Plain tags with an icon: antd's colored ones fail the contrast check.
            render: (v: (typeof SITUACOES_PERIODO)[number]) => (
              <Tag icon={v === 'ABERTO' ? <UnlockOutlined /> : <LockOutlined />}>
                {t(`campos:opcao.situacaoPeriodo.${v}`)}
              </Tag>
            ),
          },
          {
            key: 'saldoInicial',
            dataIndex: 'saldoInicial',
            title: t('campos:saldoInicial'),
            align: 'right',
            render: dinheiro,
          },
          {
            key: 'saldoAtual',
            dataIndex: 'saldoAtual',
            title: t('campos:saldoAtual'),
            align: 'right',
            render: dinheiro,
          },
          {
            key: 'saldoFinal',
            dataIndex: 'saldoFinal',
            title: t('campos:saldoFinal'),
            align: 'right',
            render: dinheiro,
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, p: Periodo) =>
              podeMudar &&
              (p.situacao === 'ABERTO' ? (
                <Popconfirm
                  title={t('financeiro:confirmarFechamento')}
                  okText={t('financeiro:fechar')}
                  cancelText={t('comum:cancelar')}
                  onConfirm={() => mudarSituacao(p, 'fechar')}
                >
                  <Button size="small" icon={<LockOutlined />}>
                    {t('financeiro:fechar')}
                  </Button>
                </Popconfirm>
              ) : (
                <Popconfirm
                  title={t('financeiro:confirmarReabertura')}
                  okText={t('financeiro:reabrir')}
                  cancelText={t('comum:cancelar')}
                  onConfirm={() => mudarSituacao(p, 'reabrir')}
                >
                  <Button size="small" icon={<UnlockOutlined />}>
                    {t('financeiro:reabrir')}
                  </Button>
                </Popconfirm>
              )),
          },
        ]}
      />
      <AbrirPeriodo aberto={novo} fechar={() => setNovo(false)} contaCaixaId={contaCaixaId} />
    </Space>
  );
}
