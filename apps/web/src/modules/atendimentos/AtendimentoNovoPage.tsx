import type { AtendimentoDetalhe, FilaAtendimento } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { CamposAtendimento } from './CamposAtendimento';
import { caminhoEdicao, consultaOpcoes, FILAS, NS } from './comum';

/**
 * Opening a ticket from a queue (spec §2 formMinhasSolicitacoes, formCaixaEntrada, formTriagem):
 * the requester is the user, the origin the organization they act for; the responsible starts
 * as the user and is required (spec §5). Saved, the ticket opens.
 */
export default function AtendimentoNovoPage({ fila }: { fila: FilaAtendimento }) {
  const { t } = useTranslation(NS);
  const navegar = useNavigate();
  const config = FILAS[fila];
  useTitulo('atendimentos:novo');
  const { form, formProps, saveButtonProps, semPermissao, voltar } = useFormRecurso<AtendimentoDetalhe>({
    recurso: fila,
    acesso: config.acesso,
    voltar: `/${fila}`,
    mensagemSucesso: () => 'atendimentos:aberto',
    aposSalvar: (criado) => caminhoEdicao(config, criado.id, true),
  });
  const usuarios = useQuery(consultaOpcoes(fila, 'usuarios'));
  // The user comes first among the options: the owner until someone else takes the ticket.
  useEffect(() => {
    const eu = usuarios.data?.[0]?.value;
    if (eu && form.getFieldValue('responsavelUsuarioId') === undefined) form.setFieldValue('responsavelUsuarioId', eu);
  }, [usuarios.data, form]);

  if (semPermissao) return <Navigate to={`/${fila}`} replace />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('atendimentos:novo')}
      </Typography.Title>
      <Card>
        <Form
          {...formProps}
          name="atendimento"
          initialValues={{ participantes: [], observadores: [], interessados: [], caracteristicas: [] }}
        >
          <CamposAtendimento fila={fila} completo={fila !== 'atendimento-meus-atendimentos'} />
          <Space>
            <Button {...saveButtonProps} data-testid="salvar">
              {t('comum:salvar')}
            </Button>
            <Button onClick={() => navegar(voltar)}>{t('comum:voltar')}</Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
