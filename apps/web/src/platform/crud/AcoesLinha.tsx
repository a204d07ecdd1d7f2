import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One action of a list row: an icon button named by `rotulo` (or a button with the label as its
 * text), behind a confirmation when `confirmacao` is given. A confirmation with its own verb
 * (`textoOk`) is cancelled with "Cancelar"; one without asks yes/no.
 */
export function AcaoLinha({
  rotulo,
  icone,
  aoClicar,
  confirmacao,
  textoOk,
  perigo,
  perigoNaConfirmacao,
  pequeno,
  comTexto,
  desabilitado,
  carregando,
  testId,
}: {
  rotulo: string;
  icone?: ReactNode;
  aoClicar: () => unknown;
  confirmacao?: string;
  textoOk?: string;
  perigo?: boolean;
  /** Only the confirmation's button warns (the row's button stays plain). */
  perigoNaConfirmacao?: boolean;
  pequeno?: boolean;
  /** The label written on the button instead of only naming it. */
  comTexto?: boolean;
  desabilitado?: boolean;
  /** Its request is under way (a mail being sent). */
  carregando?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(['comum']);
  const botao = (
    <Button
      type={comTexto ? undefined : 'text'}
      size={pequeno ? 'small' : undefined}
      danger={perigo || undefined}
      icon={icone}
      disabled={desabilitado}
      loading={carregando}
      aria-label={comTexto ? undefined : rotulo}
      title={comTexto ? undefined : rotulo}
      data-testid={testId}
      onClick={confirmacao ? undefined : aoClicar}
    >
      {comTexto && rotulo}
    </Button>
  );
  if (!confirmacao) return botao;
  return (
    <Popconfirm
      title={confirmacao}
      okText={textoOk ?? t('comum:sim')}
      okButtonProps={perigo || perigoNaConfirmacao ? { danger: true } : undefined}
      cancelText={textoOk ? t('comum:cancelar') : t('comum:nao')}
      onConfirm={aoClicar}
      disabled={desabilitado}
    >
      {botao}
    </Popconfirm>
  );
}

/**
 * The actions column of every list: view, edit and delete (with confirmation). An action is
 * shown only when its handler is given, so callers pass the edit/delete handlers only when
 * the profile may update/delete.
 */
export function AcoesLinha({
  aoVisualizar,
  aoEditar,
  aoExcluir,
  confirmacaoExclusao,
}: {
  aoVisualizar?: () => void;
  aoEditar?: () => void;
  aoExcluir?: () => void;
  /** What deleting also does, when it does more than remove the record. */
  confirmacaoExclusao?: string;
}) {
  const { t } = useTranslation(['comum']);
  return (
    <Space size={0}>
      {aoVisualizar && <AcaoLinha icone={<EyeOutlined />} rotulo={t('comum:visualizar')} aoClicar={aoVisualizar} />}
      {aoEditar && <AcaoLinha icone={<EditOutlined />} rotulo={t('comum:editar')} aoClicar={aoEditar} />}
      {aoExcluir && <AcaoExcluir confirmacao={confirmacaoExclusao} aoExcluir={aoExcluir} />}
    </Space>
  );
}

/** Delete with confirmation, as every list asks it. */
export function AcaoExcluir({
  aoExcluir,
  confirmacao,
  rotulo,
}: {
  aoExcluir: () => unknown;
  confirmacao?: string;
  /** The verb when the row is not deleted but let go (unlinking). */
  rotulo?: string;
}) {
  const { t } = useTranslation(['comum']);
  return (
    <AcaoLinha
      perigo
      icone={<DeleteOutlined />}
      rotulo={rotulo ?? t('comum:excluir')}
      textoOk={rotulo ?? t('comum:excluir')}
      confirmacao={confirmacao ?? t('comum:confirmarExclusao')}
      aoClicar={aoExcluir}
    />
  );
}

/** One action of a row as `colunaDeAcoes` takes it: `AcaoLinha`'s props. */
export type AcaoDaLinha = Parameters<typeof AcaoLinha>[0];

/**
 * The actions column of a list whose rows have actions of their own (resend, retry, rename, …):
 * the row's actions side by side; an action given as `false` (a permission, the row's state)
 * is left out. `pequeno`: small buttons, for dense lists.
 */
export function colunaDeAcoes<T>(
  titulo: string,
  acoes: (linha: T) => (AcaoDaLinha | false)[],
  o: { pequeno?: boolean } = {},
) {
  return {
    key: 'acoes',
    title: titulo,
    render: (_: unknown, linha: T) => (
      <Space size={0}>{acoes(linha).map((a) => a && <AcaoLinha key={a.rotulo} pequeno={o.pequeno} {...a} />)}</Space>
    ),
  };
}
