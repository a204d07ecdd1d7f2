import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import type { AcessoId } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { aplicarErrosServidor, mensagemDeErro } from '../formulario';

export type Filtros = Record<string, string>;
/** Saved filters may come from other clients, so their values are not trusted to be text. */
export type FiltroSalvo = { id: number; nome: string; padrao: boolean; filtros: Record<string, unknown> };

type Props = {
  acesso: AcessoId;
  /** The filters in force, saved as they are. */
  atuais: Filtros;
  aplicar: (f: Record<string, unknown>) => void;
  /** Whether the list opened without filters of its own, so the default saved filter may apply. */
  semFiltrosIniciais: boolean;
};

/** Saved filters of one screen (spec §3 "saved filter: name, default flag"): apply, save the current ones, delete. */
export function FiltrosSalvos({ acesso, atuais, aplicar, semFiltrosIniciais }: Props) {
  const { t } = useTranslation(['comum', 'crud', 'validacao']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ nome: string; padrao: boolean }>();
  const [salvando, setSalvando] = useState(false);
  const [escolhido, setEscolhido] = useState<number | null>(null);
  const chave = ['filtro-salvo', acesso];
  const q = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => api.get<FiltroSalvo[]>('filtro-salvo', { acesso }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });
  const lista = q.data ?? [];

  // The default saved filter applies once, when the list is opened without filters in the address.
  const padraoAplicado = useRef(false);
  useEffect(() => {
    if (padraoAplicado.current || !q.data) return;
    padraoAplicado.current = true;
    const padrao = q.data.find((f) => f.padrao);
    if (padrao && semFiltrosIniciais) {
      setEscolhido(padrao.id);
      aplicar(padrao.filtros);
    }
  }, [q.data, semFiltrosIniciais, aplicar]);

  const salvar = async (v: { nome: string; padrao: boolean }) => {
    try {
      const criado = await api.post<FiltroSalvo>('filtro-salvo', {
        acesso,
        nome: v.nome.trim(),
        padrao: !!v.padrao,
        filtros: atuais,
      });
      await qc.invalidateQueries({ queryKey: chave });
      if (criado?.id) setEscolhido(criado.id);
      setSalvando(false);
      form.resetFields();
      void message.success(t('crud:filtroSalvo'));
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };

  const excluir = async (id: number) => {
    try {
      await api.delete('filtro-salvo', id);
      setEscolhido(null);
      await qc.invalidateQueries({ queryKey: chave });
      void message.success(t('crud:filtroExcluido'));
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  return (
    <Space wrap>
      <Select<number>
        aria-label={t('crud:filtrosSalvos')}
        data-testid="filtros-salvos"
        placeholder={t('crud:filtrosSalvos')}
        style={{ minWidth: 220 }}
        allowClear
        value={escolhido ?? undefined}
        loading={q.isFetching}
        notFoundContent={t('crud:nenhumFiltroSalvo')}
        options={lista.map((f) => ({
          value: f.id,
          label: f.padrao ? `${f.nome} (${t('crud:padrao')})` : f.nome,
        }))}
        onChange={(id) => {
          setEscolhido(id ?? null);
          const f = lista.find((x) => x.id === id);
          aplicar(f ? f.filtros : {});
        }}
      />
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          form.resetFields();
          setSalvando(true);
        }}
      >
        {t('crud:salvarFiltro')}
      </Button>
      {escolhido !== null && (
        <Popconfirm
          title={t('crud:confirmarExclusaoFiltro')}
          okText={t('comum:excluir')}
          cancelText={t('comum:cancelar')}
          onConfirm={() => excluir(escolhido)}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={t('crud:excluirFiltro')}
            title={t('crud:excluirFiltro')}
          />
        </Popconfirm>
      )}
      <Modal
        open={salvando}
        title={t('crud:salvarFiltro')}
        okText={t('comum:salvar')}
        cancelText={t('comum:cancelar')}
        onOk={() => form.submit()}
        onCancel={() => setSalvando(false)}
        forceRender
      >
        <Form
          form={form}
          name="filtroSalvo"
          layout="vertical"
          onFinish={salvar}
          initialValues={{ nome: '', padrao: false }}
        >
          <Form.Item
            name="nome"
            label={t('crud:nomeFiltro')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('validacao:obrigatorio', { campo: t('crud:nomeFiltro') }),
              },
              { max: 100, message: t('validacao:tamanhoMaximo', { campo: t('crud:nomeFiltro'), n: '100' }) },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="padrao" valuePropName="checked">
            <Checkbox>{t('crud:filtroPadrao')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
