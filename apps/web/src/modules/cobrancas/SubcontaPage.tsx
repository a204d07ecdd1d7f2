import { type CampoCadastro, type SubcontaInput, subcontaInput, TIPOS_EMPRESA } from '@sig/contracts';
import { Form, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { CabecalhoDaLista, ErroDaLista } from '../../platform/crud/PartesDaLista';
import { regrasZod } from '../../platform/formulario';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Subconta';
/** The sub-account's fields, drawn by the platform's controls (money, CNPJ, phone and CEP masks). */
const CAMPOS = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'nome', tipo: 'texto', max: 200, obrigatorio: true },
  { nome: 'email', tipo: 'email', obrigatorio: true },
  { nome: 'cpfCnpj', tipo: 'cnpj', obrigatorio: true },
  { nome: 'celular', tipo: 'telefone', obrigatorio: true },
  { nome: 'rendaMensal', tipo: 'dinheiro', obrigatorio: true },
  { nome: 'endereco', tipo: 'texto', max: 200, obrigatorio: true },
  { nome: 'numero', tipo: 'texto', max: 20, obrigatorio: true },
  { nome: 'complemento', tipo: 'texto', max: 100 },
  { nome: 'bairro', tipo: 'texto', max: 100, obrigatorio: true },
  { nome: 'cep', tipo: 'cep', obrigatorio: true },
  { nome: 'tipoEmpresa', tipo: 'opcao', opcoes: TIPOS_EMPRESA, rotuloOpcoes: 'cobrancas:subconta.tipoEmpresa' },
] as const satisfies readonly CampoCadastro[];

/** Creates an organization's account at the provider. */
function NovaSubconta({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum']);
  const [form] = Form.useForm<SubcontaInput>();
  const regra = regrasZod(subcontaInput);
  const criar = useMutacaoForm(form, {
    mutationFn: (v: SubcontaInput) => dados(cliente.POST('/api/subconta/', { body: v })),
    invalidar: [chaves('subconta').todas],
    sucesso: t('cobrancas:subconta.criada'),
    onSuccess: fechar,
  });
  return (
    <ModalDeFormulario
      aberto={aberto}
      titulo={t('cobrancas:subconta.nova')}
      form={form}
      enviando={criar.isPending}
      fechar={fechar}
      nome="subconta"
      iniciais={{ tipoEmpresa: 'ASSOCIATION' }}
      aoEnviar={(v) => criar.mutate(v)}
    >
      {CAMPOS.map((c) => (
        <Form.Item
          key={c.nome}
          name={c.nome}
          label={t(c.nome === 'organizacaoId' ? 'campos:organizacaoId' : `cobrancas:subconta.campos.${c.nome}`)}
          rules={regra(c.nome)}
          {...propsItem(c)}
        >
          {controleCampo(c, i18n.language)}
        </Form.Item>
      ))}
    </ModalDeFormulario>
  );
}

/**
 * `/subconta` (spec §2): the scope's organizations with their own account at the payment
 * provider, and the creation of one (its key is kept by the server, never shown).
 */
export default function SubcontaPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'lotes', 'menu']);
  const [aberto, setAberto] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'subconta',
    acesso: ACESSO,
    aoNovo: () => setAberto(true),
    ordenacao: { campo: 'criadoEm', ordem: 'desc' },
    exportavel: false,
    colunas: [
      {
        key: 'organizacaoNome',
        dataIndex: 'organizacaoNome',
        title: t('campos:organizacaoId'),
        // A link to the organization: also what a keyboard reaches when the table scrolls sideways.
        render: (v: string, s) => <Link to={`/organizacao/form/${s.organizacaoId}/visualizacao`}>{v}</Link>,
      },
      { key: 'nome', dataIndex: 'nome', title: t('cobrancas:subconta.campos.nome') },
      { key: 'cpfCnpj', dataIndex: 'cpfCnpj', title: t('cobrancas:subconta.campos.cpfCnpj') },
      { key: 'email', dataIndex: 'email', title: t('cobrancas:subconta.campos.email') },
      {
        key: 'walletId',
        dataIndex: 'walletId',
        title: t('cobrancas:subconta.walletId'),
        render: (v: string | null) => v ?? t('cobrancas:subconta.criando'),
      },
      {
        key: 'criadoEm',
        dataIndex: 'criadoEm',
        title: t('lotes:criadoEm'),
        render: (v: string) => new Date(v).toLocaleString(i18n.language),
      },
    ],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} textoNovo={t('cobrancas:subconta.nova')} />
      <ErroDaLista erro={lista.consulta.error} />
      <Table {...lista.tableProps} size="small" />
      <NovaSubconta aberto={aberto} fechar={() => setAberto(false)} />
    </Space>
  );
}
