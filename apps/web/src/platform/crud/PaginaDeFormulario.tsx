import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, type ButtonProps, Card, Popconfirm, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { mensagemDeErro } from '../formulario';

/** What a page on `useFormRecurso` hands its form page (the hook's answer). */
type RecursoDaPagina = {
  modo: 'novo' | 'visualizar' | 'editar';
  id?: number;
  consulta: { isError: boolean; error: unknown; isPending: boolean };
  somenteLeitura: boolean;
  saveButtonProps: ButtonProps;
  voltar: string;
};

/**
 * A record's form page as every form lays it out: the title, what stands under it (`cabecalho`),
 * the load's failure instead of the form (`invalido`: the address names no record; `aoSair` puts
 * Back on it), the card with the fields (`children`) and its buttons: Save (`salvar`, the hook's
 * `saveButtonProps`; left out on a view-only page), Edit (`editar`: the edit form's address, for a
 * viewed record the profile may change), Delete behind a confirmation (`aoExcluir`), the page's
 * own (`botoes`), Back (`aoVoltar`). `depois`: what follows the card (the record's related lists).
 * A page on `useFormRecurso` gives its answer (`recurso`) and the screen's name (`tela`): the title
 * by mode, the load, Save unless view-only and Back to where it came from, unless given.
 */
export function PaginaDeFormulario({
  recurso,
  tela,
  titulo,
  cabecalho,
  consulta,
  invalido,
  aoSair,
  carregando = recurso ? recurso.id !== undefined && recurso.consulta.isPending : false,
  salvar = recurso && !recurso.somenteLeitura ? recurso.saveButtonProps : undefined,
  editar,
  aoExcluir,
  excluindo,
  aoVoltar: voltar,
  botoes,
  depois,
  largura = 880,
  testId,
  botoesAfastados,
  testIdBotoes,
  children,
}: {
  recurso?: RecursoDaPagina;
  tela?: string;
  titulo?: string;
  cabecalho?: ReactNode;
  consulta?: { isError: boolean; error: unknown };
  invalido?: boolean;
  aoSair?: () => void;
  carregando?: boolean;
  salvar?: ButtonProps;
  editar?: string;
  aoExcluir?: () => void;
  excluindo?: boolean;
  /** Left out where the page is no record of a list (the settings of the organization acted for). */
  aoVoltar?: () => void;
  botoes?: ReactNode;
  depois?: ReactNode;
  /** The page's widest (`'100%'`: the whole width, a wide matrix). */
  largura?: number | string;
  /** The card's test id. */
  testId?: string;
  /** The buttons a line below the fields (a form whose last part has no margin of its own: tabs). */
  botoesAfastados?: boolean;
  testIdBotoes?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(['comum', 'crud', 'erros']);
  const navegar = useNavigate();
  const local = useLocation();
  const aoVoltar = voltar ?? (recurso && (() => navegar(recurso.voltar)));
  const carga = consulta ?? recurso?.consulta;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: largura }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {titulo ?? (recurso && t(`crud:titulo.${recurso.modo}`, { tela }))}
      </Typography.Title>
      {cabecalho}
      {invalido || carga?.isError ? (
        <Alert
          type="error"
          showIcon
          title={invalido ? t('erros:ITEM_NAO_EXISTE') : mensagemDeErro(carga?.error)}
          action={aoSair && <Button onClick={aoSair}>{t('comum:voltar')}</Button>}
        />
      ) : (
        <Spin spinning={carregando}>
          <Card data-testid={testId}>
            {children}
            <Space wrap style={botoesAfastados ? { marginTop: 16 } : undefined} data-testid={testIdBotoes}>
              {salvar && <Button {...salvar}>{t('comum:salvar')}</Button>}
              {editar && (
                <Button icon={<EditOutlined />} onClick={() => navegar(editar, { state: local.state, replace: true })}>
                  {t('comum:editar')}
                </Button>
              )}
              {aoExcluir && (
                <Popconfirm
                  title={t('comum:confirmarExclusao')}
                  okText={t('comum:excluir')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('comum:cancelar')}
                  onConfirm={aoExcluir}
                >
                  <Button danger icon={<DeleteOutlined />} loading={excluindo}>
                    {t('comum:excluir')}
                  </Button>
                </Popconfirm>
              )}
              {botoes}
              {aoVoltar && <Button onClick={aoVoltar}>{t('comum:voltar')}</Button>}
            </Space>
          </Card>
        </Spin>
      )}
      {depois}
    </Space>
  );
}
