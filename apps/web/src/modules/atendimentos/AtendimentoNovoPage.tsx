import type { AtendimentoDetalhe, FilaAtendimento, SelectOpcao } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CamposAtendimento, type ValoresAtendimento } from './CamposAtendimento';
import { caminhoEdicao, FILAS, NS } from './comum';

/**
 * Opening a ticket from a queue (spec §2 formMinhasSolicitacoes, formCaixaEntrada, formTriagem):
 * the requester is the user, the origin the organization they act for; the responsible starts
 * as the user and is required (spec §5).
 */
export default function AtendimentoNovoPage({ fila }: { fila: FilaAtendimento }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const navegar = useNavigate();
  const local = useLocation();
  const qc = useQueryClient();
  const [form] = Form.useForm<ValoresAtendimento>();
  const [sujo, setSujo] = useState(false);
  const [salvando, setSalvando] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  const config = FILAS[fila];
  useTitulo('atendimentos:novo');
  const voltar = `/${fila}${(local.state as { voltar?: string } | null)?.voltar ?? ''}`;

  const usuarios = useQuery({
    queryKey: ['atendimentos', fila, 'usuarios'],
    queryFn: () => api.get<SelectOpcao[]>(`${fila}/usuarios`),
    staleTime: 60_000,
  });
  // The user comes first among the options: the owner until someone else takes the ticket.
  useEffect(() => {
    const eu = usuarios.data?.[0]?.value;
    if (eu && form.getFieldValue('responsavelUsuarioId') === undefined) form.setFieldValue('responsavelUsuarioId', eu);
  }, [usuarios.data, form]);

  const salvar = async (v: ValoresAtendimento) => {
    setSalvando(true);
    try {
      const criado = await api.post<AtendimentoDetalhe>(fila, v);
      liberar();
      void message.success(t('atendimentos:aberto', { protocolo: criado.protocolo }));
      await qc.invalidateQueries({ queryKey: ['atendimentos'] });
      navegar(caminhoEdicao(config, criado.id, true), { replace: true });
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    } finally {
      setSalvando(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('atendimentos:novo')}
      </Typography.Title>
      <Card>
        <Form
          form={form}
          name="atendimento"
          layout="vertical"
          onFinish={salvar}
          onValuesChange={() => setSujo(true)}
          initialValues={{ participantes: [], observadores: [], interessados: [], caracteristicas: [] }}
        >
          <CamposAtendimento fila={fila} completo={fila !== 'atendimento-meus-atendimentos'} />
          <Space>
            <Button type="primary" htmlType="submit" loading={salvando} data-testid="salvar">
              {t('comum:salvar')}
            </Button>
            <Button onClick={() => navegar(voltar)}>{t('comum:voltar')}</Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
