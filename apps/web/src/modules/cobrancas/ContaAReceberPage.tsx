import { CheckCircleOutlined, DollarOutlined, PlusOutlined } from '@ant-design/icons';
import { type ContaAReceber, type Paged, STATUS_CONTA_A_RECEBER, STATUS_EDITAVEIS } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Select, Space, Typography } from 'antd';
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
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CobrarConta } from './CobrarConta';
import {
  ACESSO_COBRANCA,
  ACESSO_CONTA,
  ACESSO_PAGAMENTO,
  ROTA_FORM_CONTA,
  ROTA_FORM_PAGAMENTO,
  STATUS_PAGAVEIS,
} from './comum';
import { StatusConta } from './StatusConta';

type Filtros = {
  pessoaId?: number | null;
  status?: string[];
  vencimentoDe?: Dayjs | null;
  vencimentoAte?: Dayjs | null;
};
const FILTROS = ['pessoaId', 'status', 'vencimentoDe', 'vencimentoAte'] as const;
const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * `/conta-a-receber` (spec §2): the scope's receivables filtered by holder, status and due date,
 * with the charge generated from the list and delete (status excluded) while still open.
 */
export default function ContaAReceberPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filtros>();
  const [cobrando, setCobrando] = useState<ContaAReceber | null>(null);
  useTitulo(`menu:acessos.${ACESSO_CONTA}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);

  useEffect(() => {
    const f = JSON.parse(chave) as Record<string, string>;
    form.setFieldsValue({
      pessoaId: f.pessoaId ? Number(f.pessoaId) : null,
      status: f.status ? f.status.split(',') : [],
      vencimentoDe: f.vencimentoDe ? dayjs(f.vencimentoDe) : null,
      vencimentoAte: f.vencimentoAte ? dayjs(f.vencimentoAte) : null,
    });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ordenarPor: 'vencimento', ordem: 'asc', ...filtros };
  const q = useQuery({
    queryKey: ['conta-a-receber', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<ContaAReceber>>('conta-a-receber/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      pessoaId: v.pessoaId ? String(v.pessoaId) : undefined,
      status: v.status?.length ? v.status.join(',') : undefined,
      vencimentoDe: dataIso(v.vencimentoDe),
      vencimentoAte: dataIso(v.vencimentoAte),
    });
  const excluir = async (c: ContaAReceber) => {
    try {
      await api.delete('conta-a-receber', c.id);
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('comum:excluidoComSucesso'));
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };
  const dinheiro = (v: string | null) => (v === null ? '' : dinheiroParaTela(v, i18n.language));
  const data = { format: formatoData(i18n.language) };
  const aberta = (c: ContaAReceber) => STATUS_EDITAVEIS.includes(c.status) && !c.cobrancaGerada;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO_CONTA}`)}
        </Typography.Title>
        {pode(ACESSO_CONTA, 'C') && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => navegar(ROTA_FORM_CONTA)}>
            {t('cobrancas:receber.novaConta')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-contas" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="pessoaId" label={t('campos:pessoaId')} style={{ minWidth: 300 }}>
            <SelectReferencia referencia="pessoa" allowClear />
          </Form.Item>
          <Form.Item name="status" label={t('campos:status')} style={{ minWidth: 240 }}>
            <Select
              mode="multiple"
              allowClear
              options={STATUS_CONTA_A_RECEBER.map((s) => ({
                value: s,
                label: t(`campos:opcao.statusContaAReceber.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="vencimentoDe" label={t('campos:vencimentoDe')}>
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item name="vencimentoAte" label={t('campos:vencimentoAte')}>
            <DatePicker {...data} />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<ContaAReceber>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
          {
            key: 'competencia',
            title: t('cobrancas:receber.competencia'),
            render: (_: unknown, c: ContaAReceber) =>
              `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
          },
          {
            key: 'vencimento',
            dataIndex: 'vencimento',
            title: t('campos:vencimento'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          {
            key: 'valorPrevisto',
            dataIndex: 'valorPrevisto',
            title: t('campos:valorPrevisto'),
            align: 'right',
            render: dinheiro,
          },
          { key: 'valorPago', dataIndex: 'valorPago', title: t('campos:valorPago'), align: 'right', render: dinheiro },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('campos:status'),
            render: (_: unknown, c: ContaAReceber) => <StatusConta status={c.status} />,
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, c: ContaAReceber) => (
              <Space size={4}>
                <AcoesLinha
                  aoVisualizar={() => navegar(`${ROTA_FORM_CONTA}/${c.id}/visualizacao`)}
                  aoEditar={
                    pode(ACESSO_CONTA, 'U') && aberta(c) ? () => navegar(`${ROTA_FORM_CONTA}/${c.id}`) : undefined
                  }
                  aoExcluir={pode(ACESSO_CONTA, 'D') && aberta(c) ? () => void excluir(c) : undefined}
                />
                {pode(ACESSO_COBRANCA, 'C') && aberta(c) && (
                  <Button
                    size="small"
                    type="text"
                    icon={<DollarOutlined />}
                    aria-label={t('cobrancas:receber.cobrar')}
                    title={t('cobrancas:receber.cobrar')}
                    onClick={() => setCobrando(c)}
                  />
                )}
                {pode(ACESSO_PAGAMENTO, 'C') && STATUS_PAGAVEIS.includes(c.status) && (
                  <Button
                    size="small"
                    type="text"
                    icon={<CheckCircleOutlined />}
                    aria-label={t('cobrancas:pagamento.registrar')}
                    title={t('cobrancas:pagamento.registrar')}
                    onClick={() => navegar(`${ROTA_FORM_PAGAMENTO}?conta=${c.id}`)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <CobrarConta conta={cobrando} fechar={() => setCobrando(null)} />
    </Space>
  );
}
