import { PlusOutlined } from '@ant-design/icons';
import type { Paged, PerfilResumo } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { caminhoFormPerfil } from './perfilModelo';

type Filtros = { nome?: string; ativo?: boolean };

/** `/perfil`: the profiles, server-paged, filtered by name and active, with row actions by permission. */
export default function PerfilListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filtros>();
  useTitulo('menu:acessos.Perfil');

  const lista = useListaNaUrl();
  const { params, pagina, quantidade, mudar } = lista;
  const nome = params.get('nome') ?? undefined;
  const ativo = params.get('ativo') ?? undefined;
  const { ordenarPor, ordem } = lista;

  useEffect(() => {
    form.setFieldsValue({ nome, ativo: ativo === undefined ? undefined : ativo === 'true' });
  }, [nome, ativo, form]);

  const consulta = { pagina, quantidade, nome, ativo, ordenarPor, ordem };
  const q = useQuery({
    queryKey: ['perfil', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<PerfilResumo>>('perfil/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });

  usePaginaValida(lista, q.data?.total);

  const voltar = { voltar: `?${params.toString()}` };
  const excluir = async (id: number) => {
    try {
      await api.delete('perfil', id);
      void message.success(t('comum:excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: ['perfil'] });
    } catch (e) {
      // 409 (profile in use, administrator) comes with the server's own message.
      void message.error(mensagemDeErro(e));
    }
  };

  const simNao = (v: boolean) => (v ? t('comum:sim') : t('comum:nao'));
  const ordemDe = (c: string) => (ordenarPor === c ? (ordem === 'desc' ? 'descend' : 'ascend') : null);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('menu:acessos.Perfil')}
        </Typography.Title>
        {pode('Perfil', 'C') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="novo"
            onClick={() => navegar(caminhoFormPerfil(), { state: voltar })}
          >
            {t('comum:novo')}
          </Button>
        )}
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form
          form={form}
          name="filtros"
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(v: Filtros) =>
            mudar({
              pagina: undefined,
              nome: v.nome?.trim() || undefined,
              ativo: v.ativo === undefined || v.ativo === null ? undefined : String(v.ativo),
            })
          }
        >
          <Form.Item name="nome" label={t('campos:nome')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="ativo" label={t('campos:ativo')}>
            <Select
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('crud:todos')}
              options={[
                { value: true, label: t('comum:sim') },
                { value: false, label: t('comum:nao') },
              ]}
            />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum:buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                mudar({ pagina: undefined, nome: undefined, ativo: undefined });
              }}
            >
              {t('comum:limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<PerfilResumo>
        consulta={q}
        lista={lista}
        columns={[
          { key: 'nome', dataIndex: 'nome', title: t('campos:nome'), sorter: true, sortOrder: ordemDe('nome') },
          { key: 'descricao', dataIndex: 'descricao', title: t('campos:descricao') },
          { key: 'ativo', dataIndex: 'ativo', title: t('campos:ativo'), render: simNao },
          {
            key: 'administrador',
            dataIndex: 'administrador',
            title: t('configuracoes:perfil.administrador'),
            render: (v: boolean) => (v ? <Tag color="gold">{t('comum:sim')}</Tag> : t('comum:nao')),
          },
          {
            key: 'quantidadeUsuarios',
            dataIndex: 'quantidadeUsuarios',
            title: t('configuracoes:perfil.quantidadeUsuarios'),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            width: 150,
            render: (_, r) => (
              <AcoesLinha
                aoVisualizar={() => navegar(caminhoFormPerfil(r.id, true), { state: voltar })}
                aoEditar={
                  pode('Perfil', 'U') && !r.administrador
                    ? () => navegar(caminhoFormPerfil(r.id), { state: voltar })
                    : undefined
                }
                aoExcluir={pode('Perfil', 'D') && !r.administrador ? () => excluir(r.id) : undefined}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
