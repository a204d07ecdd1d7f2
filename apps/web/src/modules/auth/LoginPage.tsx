import type { AutenticacaoResposta } from '@sig/contracts';
import { Alert, Button, theme } from 'antd';
// The two inputs on their own: `Input` from 'antd' also carries Group (with Space), Search, TextArea and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../platform/api';
import { carregar } from '../../platform/carregar';
import { cliente, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { gravarSessao } from '../../platform/sessao';
import { useTitulo } from '../../platform/useTitulo';
import { idDoDispositivo } from './dispositivo';
import type { EtapaSeguinte } from './LoginEtapas';
import { PublicoCard } from './PublicoCard';
import { erroPublico } from './validacao';

// The second factor and the forced password change, with their antd Form, come only when needed.
const importarEtapas = () => import('./LoginEtapas');
const LoginEtapas = carregar(importarEtapas);

type Credenciais = { login: string; senha: string };
type Erros = Partial<Record<keyof Credenciais, string[]>>;

/**
 * One field of the credentials laid out as antd's vertical Form.Item (label, control, its
 * messages), drawn from the theme's tokens: antd's Form, with its field store, validator and
 * label tooltip, would add about 30 KB gzip to /login (bench/README.md, web app).
 */
function Campo({
  nome,
  rotulo,
  erros,
  children,
}: {
  nome: keyof Credenciais;
  rotulo: string;
  erros?: string[];
  children: (props: {
    id: string;
    status?: 'error';
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactElement;
}) {
  const { token } = theme.useToken();
  const idErro = `${nome}_help`;
  return (
    <div style={{ marginBottom: erros?.length ? 0 : token.marginLG }}>
      <label htmlFor={nome} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {rotulo}
      </label>
      {children(
        erros?.length ? { id: nome, status: 'error', 'aria-invalid': true, 'aria-describedby': idErro } : { id: nome },
      )}
      {!!erros?.length && (
        <div id={idErro} style={{ minHeight: token.controlHeightSM, color: token.colorError }}>
          {erros.map((e) => (
            <div key={e} role="alert">
              {e}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Sign-in: credentials, then the second factor when the user has it, then a forced password
 * change when the account requires it. The token is stored only once all steps are done;
 * until then it travels only with the step that needs it.
 */
export default function LoginPage() {
  const { t } = useTranslation(['publico']);
  useTitulo('publico:titulos.login');
  const navegar = useNavigate();
  const [etapa, setEtapa] = useState<EtapaSeguinte | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [valores, setValores] = useState<Credenciais>({ login: '', senha: '' });
  const [erros, setErros] = useState<Erros>({});
  // Each field's latest check: an earlier one that answers late does not overwrite it.
  const checagens = useRef({ login: 0, senha: 0 });

  const concluir = (r: AutenticacaoResposta) => {
    if (r.trocarSenha) {
      setEtapa({ tipo: 'trocarSenha', resposta: r });
      return;
    }
    gravarSessao(r);
    navegar('/dashboard', { replace: true });
  };

  const checar = async (campo: keyof Credenciais, todos: Credenciais) => {
    const vez = ++checagens.current[campo];
    const mensagem = await erroPublico('autenticarBody', todos, campo);
    if (vez === checagens.current[campo]) setErros((e) => ({ ...e, [campo]: mensagem ? [mensagem] : undefined }));
    return !mensagem;
  };

  const mudar = (campo: keyof Credenciais, valor: string) => {
    const todos = { ...valores, [campo]: valor };
    setValores(todos);
    void checar(campo, todos);
  };

  const entrar = async (evento: FormEvent) => {
    evento.preventDefault();
    void importarEtapas();
    const validos = await Promise.all([checar('login', valores), checar('senha', valores)]);
    if (!validos.every(Boolean)) return;
    setErro(null);
    setEnviando(true);
    try {
      const r = await dados(
        cliente.POST('/api/Autenticacao/autenticar', { body: { ...valores, dispositivo: idDoDispositivo() } }),
      );
      if (r.requer2FA) setEtapa({ tipo: '2fa', resposta: r, metodo: 'totp' });
      else concluir(r);
    } catch (e) {
      if (e instanceof ApiError && e.campos.length) {
        const doServidor: Erros = {};
        for (const c of e.campos) {
          const campo = c.campo as keyof Credenciais;
          doServidor[campo] = [...new Set([...(doServidor[campo] ?? []), c.mensagem])];
        }
        setErros(doServidor);
      } else setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (etapa) return <LoginEtapas etapa={etapa} mudarEtapa={setEtapa} concluir={concluir} />;

  return (
    <PublicoCard titulo={t('publico:login.titulo')}>
      {erro && (
        <Alert type="error" title={erro} showIcon style={{ marginBottom: 16 }} role="alert" data-testid="erro-login" />
      )}
      <form noValidate onSubmit={entrar}>
        <Campo nome="login" rotulo={t('publico:login.login')} erros={erros.login}>
          {(props) => (
            <Input
              {...props}
              value={valores.login}
              onChange={(e) => mudar('login', e.target.value)}
              autoComplete="username"
              autoFocus
            />
          )}
        </Campo>
        <Campo nome="senha" rotulo={t('publico:login.senha')} erros={erros.senha}>
          {(props) => (
            <Password
              {...props}
              value={valores.senha}
              onChange={(e) => mudar('senha', e.target.value)}
              autoComplete="current-password"
            />
          )}
        </Campo>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          {t('publico:login.entrar')}
        </Button>
      </form>
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Link to="/reset-senha">{t('publico:login.esqueci')}</Link>
        <Link to="/cadastro">{t('publico:login.cadastrar')}</Link>
      </div>
    </PublicoCard>
  );
}
