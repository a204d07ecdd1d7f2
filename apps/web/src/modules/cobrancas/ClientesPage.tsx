import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { type Cliente, clienteInput, type Paged } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela } from '../../platform/crud/definicao';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Clientes';
type Filtros = { nome?: string; cpf?: string };
const FILTROS = ['nome', 'cpf'] as const;

/** Makes one person a provider customer (many at once: /clientes-asaas-lote). */
function NovoCliente({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ pessoaId?: number }>();
  const regras = regrasZod(clienteInput);
  const enviar = async (v: { pessoaId?: number }) => {
    try {
      await api.post('clientes', v);
      await qc.invalidateQueries({ queryKey: ['clientes'] });
      void message.success(t('cobrancas:clientes.sincronizado'));
      fechar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };
  return (
    <Modal
      open={aberto}
      title={t('cobrancas:clientes.novo')}
      okText={t('cobrancas:clientes.sincronizar')}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form form={form} name="novo-cliente" layout="vertical" onFinish={enviar}>
        <Form.Item name="pessoaId" label={t('campos:pessoaId')} required rules={regras('pessoaId')}>
          <SelectReferencia referencia="pessoa" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * `/clientes` (spec §2): the scope's people known as customers at the payment provider, by the
 * provider account that holds them; one more made a customer here, many in /clientes-asaas-lote.
 */
export default function ClientesPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [form] = Form.useForm<Filtros>();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);
  useEffect(() => {
    const f = JSON.parse(chave) as Filtros;
    form.setFieldsValue({ nome: f.nome ?? '', cpf: f.cpf ?? '' });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ...filtros };
  const q = useQuery({
    queryKey: ['clientes', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<Cliente>>('clientes/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);
  const buscar = (v: Filtros) =>
    mudar({ pagina: undefined, nome: v.nome?.trim() || undefined, cpf: v.cpf?.trim() || undefined });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        <Space wrap>
          {pode('ClientesAsaasLote', 'C') && (
            <Button icon={<TeamOutlined />} onClick={() => navegar('/clientes-asaas-lote')}>
              {t('menu:acessos.ClientesAsaasLote')}
            </Button>
          )}
          {pode(ACESSO, 'C') && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => setNovo(true)}>
              {t('cobrancas:clientes.novo')}
            </Button>
          )}
        </Space>
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-clientes" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="nome" label={t('campos:nome')}>
            <Input allowClear maxLength={200} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="cpf" label={t('campos:cpf')}>
            <Input allowClear maxLength={20} style={{ width: 180 }} />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<Cliente>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:nome') },
          { key: 'cpf', dataIndex: 'cpf', title: t('campos:cpf') },
          {
            key: 'conta',
            title: t('cobrancas:clientes.conta'),
            render: (_: unknown, c: Cliente) => c.contaOrganizacaoNome ?? t('cobrancas:clientes.contaPrincipal'),
          },
          { key: 'provedorClienteId', dataIndex: 'provedorClienteId', title: t('campos:provedorId') },
          {
            key: 'atualizadoEm',
            dataIndex: 'atualizadoEm',
            title: t('cobrancas:clientes.sincronizadoEm'),
            render: (v: string) => dataParaTela(v.slice(0, 10), i18n.language),
          },
        ]}
      />
      <NovoCliente aberto={novo} fechar={() => setNovo(false)} />
    </Space>
  );
}
