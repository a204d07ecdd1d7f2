import { TeamOutlined } from '@ant-design/icons';
import { clienteInput } from '@sig/contracts';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaData } from '../../platform/crud/celulas';
import { SelectReferencia } from '../../platform/crud/controles';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { regrasZod } from '../../platform/formulario';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Clientes';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome', max: 200 },
  { tipo: 'texto', nome: 'cpf', max: 20 },
];

/** Makes one person a provider customer (many at once: /clientes-asaas-lote). */
function NovoCliente({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum']);
  const [form] = Form.useForm<{ pessoaId: number }>();
  const regras = regrasZod(clienteInput);
  const criar = useMutacaoForm(form, {
    mutationFn: (v: { pessoaId: number }) => dados(cliente.POST('/api/clientes/', { body: v })),
    invalidar: [chaves('clientes').todas],
    sucesso: t('cobrancas:clientes.sincronizado'),
    onSuccess: fechar,
  });
  return (
    <ModalDeFormulario
      aberto={aberto}
      titulo={t('cobrancas:clientes.novo')}
      textoOk={t('cobrancas:clientes.sincronizar')}
      form={form}
      enviando={criar.isPending}
      fechar={fechar}
    >
      <Form form={form} name="novo-cliente" layout="vertical" onFinish={(v) => criar.mutate(v)}>
        <Form.Item name="pessoaId" label={t('campos:pessoaId')} required rules={regras('pessoaId')}>
          <SelectReferencia referencia="pessoa" />
        </Form.Item>
      </Form>
    </ModalDeFormulario>
  );
}

/**
 * `/clientes` (spec §2): the scope's people known as customers at the payment provider, by the
 * provider account that holds them; one more made a customer here, many in /clientes-asaas-lote.
 */
export default function ClientesPage() {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'clientes',
    acesso: ACESSO,
    aoNovo: () => setNovo(true),
    filtros: FILTROS,
    colunas: [
      { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:nome') },
      { key: 'cpf', dataIndex: 'cpf', title: t('campos:cpf') },
      {
        key: 'conta',
        title: t('cobrancas:clientes.conta'),
        render: (_, c) => c.contaOrganizacaoNome ?? t('cobrancas:clientes.contaPrincipal'),
      },
      { key: 'provedorClienteId', dataIndex: 'provedorClienteId', title: t('campos:provedorId') },
      {
        key: 'atualizadoEm',
        dataIndex: 'atualizadoEm',
        title: t('cobrancas:clientes.sincronizadoEm'),
        render: (v: string) => celulaData(v.slice(0, 10)),
      },
    ],
  });

  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO}`)}
      lista={lista}
      textoNovo={t('cobrancas:clientes.novo')}
      extra={
        pode('ClientesAsaasLote', 'C') && (
          <Button icon={<TeamOutlined />} onClick={() => navegar('/clientes-asaas-lote')}>
            {t('menu:acessos.ClientesAsaasLote')}
          </Button>
        )
      }
    >
      <NovoCliente aberto={novo} fechar={() => setNovo(false)} />
    </PaginaDaLista>
  );
}
