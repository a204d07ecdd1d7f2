import type { cadastroBody } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, message, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { cliente, clienteDiscreto, dados } from '../../platform/cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CamposNovaSenha } from './CamposNovaSenha';
import { PublicoCard, VoltarAoLogin } from './PublicoCard';
import { regrasPublicas } from './validacao';

/** Self-registration (spec §2 /cadastro): creates a pre-registered person with a user. */
export default function CadastroPage() {
  // Its labels are field names (`campos`), fetched before it shows.
  const { t } = useTranslation(['publico', 'campos']);
  useTitulo('publico:titulos.cadastro');
  const navegar = useNavigate();
  const [form] = Form.useForm();
  const [busca, setBusca] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const organizacoes = useQuery({
    queryKey: ['organizacoes-cadastro', busca],
    queryFn: ({ signal }) =>
      dados(
        clienteDiscreto.GET('/api/Autenticacao/organizacoes-cadastro', {
          params: { query: { busca: busca || undefined } },
          signal,
        }),
      ),
  });
  const regras = regrasPublicas('cadastroBody');

  const enviar = async (v: z.infer<typeof cadastroBody>) => {
    setErro(null);
    setEnviando(true);
    try {
      await cliente.POST('/api/Autenticacao/cadastrar', { body: v });
      void message.success(t('publico:cadastro.sucesso'));
      navegar('/login', { replace: true });
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <PublicoCard titulo={t('publico:cadastro.titulo')}>
      {erro && <Alert type="error" title={erro} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={enviar}>
        <Form.Item name="nome" label={t('campos:nome')} rules={regras('nome')}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="sobrenome" label={t('campos:sobrenome')} rules={regras('sobrenome')}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item name="cpf" label={t('campos:cpf')} rules={regras('cpf')}>
          <Input inputMode="numeric" placeholder="000.000.000-00" />
        </Form.Item>
        <Form.Item name="email" label={t('campos:email')} rules={regras('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="organizacaoId" label={t('publico:cadastro.organizacao')} rules={regras('organizacaoId')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setBusca }}
            placeholder={t('publico:cadastro.buscarOrganizacao')}
            options={organizacoes.data ?? []}
            loading={organizacoes.isFetching}
          />
        </Form.Item>
        <CamposNovaSenha regras={regras} senha={t('campos:senha')} confirmacao={t('campos:confirmacaoSenha')} />
        <Form.Item name="aceiteTermos" valuePropName="checked" rules={regras('aceiteTermos')}>
          <Checkbox>{t('publico:cadastro.aceite')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          {t('publico:cadastro.criar')}
        </Button>
      </Form>
      <VoltarAoLogin />
    </PublicoCard>
  );
}
