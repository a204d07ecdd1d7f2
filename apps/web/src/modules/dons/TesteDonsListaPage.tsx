import { Alert, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaDataHora } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { mensagemDeErro } from '../../platform/formulario';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, rotaResposta, rotaResultado, useGabaritos, useVePessoas } from './comum';

/** Asks which answer key the new test uses, then opens its questionnaire. */
function NovoTeste({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'dons', 'menu']);
  const navegar = useNavigate();
  const [form] = Form.useForm<{ gabaritoId: number }>();
  const gabaritos = useGabaritos();
  return (
    <ModalDeFormulario
      aberto={aberto}
      titulo={t('dons:novoTeste')}
      textoOk={t('dons:iniciar')}
      form={form}
      fechar={fechar}
    >
      {gabaritos.isError && <Alert type="error" showIcon title={mensagemDeErro(gabaritos.error)} />}
      <Form form={form} name="novo-teste" layout="vertical" onFinish={(v) => navegar(rotaResposta(v.gabaritoId))}>
        <Form.Item
          name="gabaritoId"
          label={t('campos:gabaritoId')}
          rules={[{ required: true, message: t('dons:escolhaGabarito') }]}
        >
          <Select
            options={gabaritos.data ?? []}
            loading={gabaritos.isFetching}
            notFoundContent={t('dons:semGabaritos')}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </ModalDeFormulario>
  );
}

/** The answer keys as a filter (options of the tests' own route: a taker may not read the registry). */
function SelectGabarito(props: { value?: number | null; onChange?: (v: number | null) => void }) {
  const { t } = useTranslation(['crud']);
  const gabaritos = useGabaritos();
  return (
    <Select<number>
      {...props}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      allowClear
      style={{ minWidth: 220 }}
      placeholder={t('crud:todos')}
      options={gabaritos.data ?? []}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

const PERIODO: FiltroLista = { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' };
const GABARITO: FiltroLista = { tipo: 'numero', nome: 'gabaritoId', controle: <SelectGabarito /> };
/** Without the people screen a user sees their own tests only: no person to choose. */
const FILTROS_PROPRIOS: readonly FiltroLista[] = [GABARITO, PERIODO];
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'pessoaId', referencia: 'pessoa' },
  GABARITO,
  PERIODO,
];

/**
 * `/teste-dons`: the gifts tests taken within the user's scope, server-paged and filtered by
 * person, answer key and period (this month by default, spec §9); newest first.
 */
export default function TesteDonsListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'dons', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  const podeVer = pode(ACESSO, 'R');
  const lista = useListaRecurso({
    recurso: 'teste-dons',
    acesso: ACESSO,
    aoNovo: () => setNovo(true),
    filtros: useVePessoas() ? FILTROS : FILTROS_PROPRIOS,
    ordenacao: { campo: 'realizadoEm', ordem: 'desc' },
    colunas: [
      { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:pessoaId'), sorter: true },
      { key: 'gabaritoNome', dataIndex: 'gabaritoNome', title: t('campos:gabaritoId'), sorter: true },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      {
        key: 'realizadoEm',
        dataIndex: 'realizadoEm',
        title: t('campos:realizadoEm'),
        sorter: true,
        render: celulaDataHora,
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        width: 120,
        render: (_, r) => (
          <AcoesLinha {...lista.acoes(r)} aoVisualizar={podeVer ? () => navegar(rotaResultado(r.id)) : undefined} />
        ),
      },
    ],
  });

  return (
    <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} textoNovo={t('dons:novoTeste')}>
      <NovoTeste aberto={novo} fechar={() => setNovo(false)} />
    </PaginaDaLista>
  );
}
