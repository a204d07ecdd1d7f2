import {
  type EventoPublico,
  IDADE_MAIORIDADE,
  type InscricaoPublica,
  type InscricaoPublicaInput,
  TAMANHOS_CAMISETA,
} from '@sig/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { dataParaTela, dinheiroParaTela } from '../../platform/crud/definicao';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from '../auth/PublicoCard';

type Valores = Omit<InscricaoPublicaInput, 'oficinaIds' | 'dados'> & {
  oficinas?: Record<string, number | undefined>;
  dados?: InscricaoPublicaInput['dados'];
};

/** Whole years on the event's first day (both `YYYY-MM-DD`). */
const idade = (nascimento: string, dia: string) => {
  const anos = Number(dia.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return dia.slice(5) < nascimento.slice(5) ? anos - 1 : anos;
};
const SEM_HORARIO = '—';

/**
 * `/externo/eventos/:codigo`: an event's registration page, for anyone, phone first (issue 19).
 * The open lot and its price, what is left, the form the event asks; once registered, how to pay
 * at once (Pix QR and copy-and-paste, boleto line, card link). `?inscricao=<token>` (the link of
 * the e-mails) shows one's registration, to pay or cancel it.
 */
export default function EventoExternoPage() {
  const { t, i18n } = useTranslation(['publico']);
  useTitulo('publico:titulos.evento');
  const { codigo = '' } = useParams();
  const [parametros, setParametros] = useSearchParams();
  const token = parametros.get('inscricao');
  const [evento, setEvento] = useState<EventoPublico | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  useEffect(() => {
    let vivo = true;
    dados(clienteDiscreto.GET('/api/evento-publico/{codigo}', { params: { path: { codigo } } })).then(
      (e) => vivo && setEvento(e),
      (e) => vivo && setErro(mensagemDeErro(e) || t('publico:evento.erro')),
    );
    return () => {
      vivo = false;
    };
  }, [codigo, t]);

  const titulo = evento?.nome ?? t('publico:titulos.evento');
  return (
    <PublicoCard titulo={titulo}>
      <Flex vertical gap="middle">
        {erro && <Alert type="warning" showIcon title={erro} />}
        {evento && <Cabecalho evento={evento} idioma={i18n.language} />}
        {evento && token && <MinhaInscricao token={token} />}
        {evento && !token && (
          <Inscrever evento={evento} aoInscrever={(i) => setParametros({ inscricao: i.token }, { replace: false })} />
        )}
      </Flex>
    </PublicoCard>
  );
}

function Cabecalho({ evento: e, idioma }: { evento: EventoPublico; idioma: string }) {
  const { t } = useTranslation(['publico']);
  const data = (v: string) => dataParaTela(v, idioma);
  return (
    <section data-testid="evento-info">
      <div>{e.organizacaoNome}</div>
      <div>
        {data(e.inicio)}
        {e.fim.slice(0, 10) !== e.inicio.slice(0, 10) ? ` – ${data(e.fim)}` : ''}
        {e.local ? ` · ${e.local}` : ''}
      </div>
      {e.descricao && <p style={{ whiteSpace: 'pre-line' }}>{e.descricao}</p>}
      {e.lote && (
        <p data-testid="evento-lote" style={{ margin: 0 }}>
          <strong>
            {t('publico:evento.lote', { numero: e.lote.numero })}:{' '}
            {Number(e.lote.valor) === 0 ? t('publico:evento.gratuito') : dinheiroParaTela(e.lote.valor, idioma)}
          </strong>{' '}
          · {t('publico:evento.restantes', { count: e.lote.restantes })}
        </p>
      )}
      {e.prazoInscricao && <div>{t('publico:evento.prazo', { data: data(e.prazoInscricao) })}</div>}
    </section>
  );
}

function Inscrever({ evento: e, aoInscrever }: { evento: EventoPublico; aoInscrever: (i: InscricaoPublica) => void }) {
  const { t } = useTranslation(['publico', 'campos']);
  const [form] = Form.useForm<Valores>();
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const nascimento = Form.useWatch('dataNascimento', form);
  const menor = !!nascimento && idade(nascimento, e.inicio.slice(0, 10)) < IDADE_MAIORIDADE;
  const s = e.formulario.secoes;
  const pago = !!e.lote && Number(e.lote.valor) > 0;
  const esgotado = !e.lote;
  if (!e.aberta) return <Alert type="info" showIcon title={t('publico:evento.encerradas')} />;

  const horarios = new Map<string, EventoPublico['oficinas']>();
  for (const o of e.oficinas) {
    const h = o.horario ?? SEM_HORARIO;
    horarios.set(h, [...(horarios.get(h) ?? []), o]);
  }
  const obrigatorio = { required: true, message: t('publico:evento.obrigatorio') };

  const enviar = async (v: Valores) => {
    setEnviando(true);
    setErro(null);
    const { oficinas, ...resto } = v;
    const corpo: InscricaoPublicaInput = {
      ...resto,
      cpf: resto.cpf ? resto.cpf.replace(/\D/g, '') : null,
      dataNascimento: resto.dataNascimento || null,
      responsavelConsentimento: !!resto.responsavelConsentimento,
      listaEspera: esgotado,
      oficinaIds: Object.values(oficinas ?? {}).filter((x): x is number => typeof x === 'number'),
      // Sections not asked stay out: the server fills them with null.
      dados: { respostas: {}, ...resto.dados } as InscricaoPublicaInput['dados'],
    };
    try {
      aoInscrever(
        await dados(
          clienteDiscreto.POST('/api/evento-publico/{codigo}/inscricao', {
            params: { path: { codigo: e.codigo } },
            body: corpo,
          }),
        ),
      );
    } catch (x) {
      if (!aplicarErrosServidor(form, x)) setErro(mensagemDeErro(x) || t('publico:evento.erro'));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={enviar}
      data-testid="form-inscricao"
      initialValues={{ formaPagamento: e.formasPagamento[0] }}
    >
      {esgotado && <Alert type="info" showIcon title={t('publico:evento.esgotado')} style={{ marginBottom: 16 }} />}
      <Form.Item name="nome" label={t('publico:evento.nome')} rules={[{ ...obrigatorio, whitespace: true }]}>
        <Input autoComplete="name" maxLength={200} />
      </Form.Item>
      <Form.Item name="cpf" label={t('publico:evento.cpf')} rules={pago ? [obrigatorio] : []}>
        <Input inputMode="numeric" autoComplete="off" maxLength={14} />
      </Form.Item>
      <Form.Item name="email" label={t('publico:evento.email')} rules={[obrigatorio, { type: 'email' }]}>
        <Input type="email" autoComplete="email" maxLength={200} />
      </Form.Item>
      <Form.Item name="telefone" label={t('publico:evento.telefone')}>
        <Input type="tel" autoComplete="tel" maxLength={30} />
      </Form.Item>
      <Form.Item name="dataNascimento" label={t('publico:evento.nascimento')}>
        <Input type="date" />
      </Form.Item>
      {menor && (
        <>
          <Alert type="info" showIcon title={t('publico:evento.menor')} style={{ marginBottom: 16 }} />
          <Form.Item name="responsavelNome" label={t('publico:evento.responsavel')} rules={[obrigatorio]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="responsavelConsentimento"
            valuePropName="checked"
            rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(t('publico:evento.obrigatorio'))) }]}
          >
            <Checkbox>{t('publico:evento.consentimento')}</Checkbox>
          </Form.Item>
        </>
      )}
      {s.enderecoComunidade?.pedir && (
        <>
          <Form.Item
            name={['dados', 'endereco']}
            label={t('publico:evento.endereco')}
            rules={s.enderecoComunidade.obrigatoria ? [obrigatorio] : []}
          >
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item
            name={['dados', 'cidade']}
            label={t('publico:evento.cidade')}
            rules={s.enderecoComunidade.obrigatoria ? [obrigatorio] : []}
          >
            <Input maxLength={100} />
          </Form.Item>
        </>
      )}
      {s.camiseta?.pedir && (
        <Form.Item
          name={['dados', 'camiseta']}
          label={t('publico:evento.camiseta')}
          rules={s.camiseta.obrigatoria ? [obrigatorio] : []}
        >
          <Radio.Group optionType="button" options={TAMANHOS_CAMISETA.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
      )}
      {s.logistica?.pedir && (
        <Form.Item
          name={['dados', 'transporte']}
          label={t('publico:evento.transporte')}
          rules={s.logistica.obrigatoria ? [obrigatorio] : []}
        >
          <Input maxLength={200} />
        </Form.Item>
      )}
      {s.saude?.pedir && (
        <Form.Item name={['dados', 'restricaoAlimentar']} label={t('publico:evento.saude')}>
          <Input.TextArea maxLength={500} autoSize />
        </Form.Item>
      )}
      {s.banda?.pedir && (
        <Form.Item
          name={['dados', 'banda']}
          label={t('publico:evento.banda')}
          rules={s.banda.obrigatoria ? [obrigatorio] : []}
        >
          <Input maxLength={200} />
        </Form.Item>
      )}
      {[...horarios].map(([h, oficinas]) => (
        <Form.Item
          key={h}
          name={['oficinas', h]}
          label={h === SEM_HORARIO ? t('publico:evento.oficinas') : t('publico:evento.oficinasDe', { horario: h })}
        >
          <Radio.Group data-testid={`oficinas-${h}`}>
            <Flex vertical gap={4}>
              {oficinas.map((o) => (
                <Radio key={o.id} value={o.id} disabled={o.restantes <= 0}>
                  {o.nome}
                  {o.categoria ? ` (${o.categoria})` : ''} · {t('publico:evento.restantes', { count: o.restantes })}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
      ))}
      {e.formulario.perguntas.map((p) => (
        <Form.Item
          key={p.chave}
          name={['dados', 'respostas', p.chave]}
          label={p.rotulo}
          rules={p.obrigatoria ? [obrigatorio] : []}
          valuePropName={p.tipo === 'simNao' ? 'checked' : 'value'}
        >
          {p.tipo === 'opcao' ? (
            <Select options={p.opcoes.map((o) => ({ value: o, label: o }))} />
          ) : p.tipo === 'simNao' ? (
            <Checkbox />
          ) : p.tipo === 'numero' ? (
            <Input inputMode="numeric" />
          ) : (
            <Input maxLength={500} />
          )}
        </Form.Item>
      ))}
      {pago && (
        <Form.Item name="formaPagamento" label={t('publico:evento.forma')} rules={[obrigatorio]}>
          <Radio.Group
            optionType="button"
            options={e.formasPagamento.map((f) => ({ value: f, label: t(`publico:evento.formas.${f}`) }))}
          />
        </Form.Item>
      )}
      {erro && <Alert type="warning" showIcon title={erro} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={enviando} block>
        {esgotado ? t('publico:evento.entrarEspera') : t('publico:evento.inscrever')}
      </Button>
    </Form>
  );
}

/** One's registration by its token: how to pay it while pending, and the cancel. */
function MinhaInscricao({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['publico']);
  const [i, setI] = useState<InscricaoPublica | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [copiado, setCopiado] = useState(false);
  const caminho = { params: { path: { token } } };

  useEffect(() => {
    let vivo = true;
    dados(clienteDiscreto.GET('/api/evento-publico/inscricao/{token}', { params: { path: { token } } })).then(
      (r) => vivo && setI(r),
      (e) => vivo && setErro(mensagemDeErro(e) || t('publico:evento.erro')),
    );
    return () => {
      vivo = false;
    };
  }, [token, t]);

  const agir = async (acao: 'cobranca' | 'cancelar') => {
    setOcupado(true);
    setErro(null);
    try {
      setI(
        await dados(
          acao === 'cobranca'
            ? clienteDiscreto.POST('/api/evento-publico/inscricao/{token}/cobranca', caminho)
            : clienteDiscreto.POST('/api/evento-publico/inscricao/{token}/cancelar', caminho),
        ),
      );
    } catch (e) {
      setErro(mensagemDeErro(e) || t('publico:evento.erro'));
    } finally {
      setOcupado(false);
    }
  };
  const copiar = async (texto: string) => {
    await navigator.clipboard?.writeText(texto).catch(() => undefined);
    setCopiado(true);
  };

  if (!i) return erro ? <Alert type="warning" showIcon title={erro} /> : null;
  const p = i.pagamento;
  const cancelavel = ['PENDENTE', 'LISTA_ESPERA', 'CONFIRMADA'].includes(i.status);
  return (
    <section data-testid="minha-inscricao" aria-live="polite">
      <Alert
        type={i.status === 'CONFIRMADA' || i.status === 'CORTESIA' ? 'success' : 'info'}
        showIcon
        title={t(`publico:evento.status.${i.status}`)}
        description={t('publico:evento.resumo', { nome: i.nome, codigo: i.codigo })}
        data-testid="status-inscricao"
      />
      <p>
        {i.loteNumero !== null && `${t('publico:evento.lote', { numero: i.loteNumero })} · `}
        {Number(i.valor) > 0 ? dinheiroParaTela(i.valor, i18n.language) : t('publico:evento.gratuito')}
        {i.vencimento && ` · ${t('publico:evento.vencimento', { data: dataParaTela(i.vencimento, i18n.language) })}`}
      </p>
      {i.oficinas.length > 0 && <p>{i.oficinas.join(' · ')}</p>}
      {i.status === 'PENDENTE' && !p && i.falhaCobranca && (
        <Alert
          type="error"
          showIcon
          title={t('publico:evento.cobrancaRecusada')}
          description={t('publico:evento.cobrancaRecusadaMotivo', { motivo: i.falhaCobranca })}
          data-testid="cobranca-recusada"
        />
      )}
      {i.status === 'PENDENTE' && !p && !i.falhaCobranca && (
        <Alert
          type="warning"
          showIcon
          title={t('publico:evento.semCobranca')}
          action={
            <Button size="small" loading={ocupado} onClick={() => agir('cobranca')}>
              {t('publico:evento.tentarDeNovo')}
            </Button>
          }
        />
      )}
      {i.status === 'PENDENTE' && p && (
        <Flex vertical gap="small" data-testid="pagamento">
          {p.pixQrCode && (
            <img
              src={`data:image/png;base64,${p.pixQrCode}`}
              alt={t('publico:evento.pixQr')}
              style={{ width: 220, height: 220, alignSelf: 'center' }}
            />
          )}
          {p.pixCopiaECola && (
            <>
              <Input.TextArea
                readOnly
                value={p.pixCopiaECola}
                autoSize
                aria-label={t('publico:evento.pixCopiaECola')}
                data-testid="pix-copia-cola"
              />
              <Button onClick={() => copiar(p.pixCopiaECola!)}>
                {copiado ? t('publico:evento.copiado') : t('publico:evento.copiar')}
              </Button>
            </>
          )}
          {p.linhaDigitavel && (
            <>
              <div>{t('publico:evento.linhaDigitavel')}</div>
              <Input.TextArea
                readOnly
                value={p.linhaDigitavel}
                autoSize
                aria-label={t('publico:evento.linhaDigitavel')}
                data-testid="linha-digitavel"
              />
              <Button onClick={() => copiar(p.linhaDigitavel!)}>
                {copiado ? t('publico:evento.copiado') : t('publico:evento.copiar')}
              </Button>
            </>
          )}
          {p.urlFatura && (
            <Button type="primary" href={p.urlFatura} target="_blank" rel="noopener" data-testid="link-fatura">
              {p.forma === 'CARTAO' ? t('publico:evento.pagarCartao') : t('publico:evento.abrirFatura')}
            </Button>
          )}
        </Flex>
      )}
      {erro && <Alert type="warning" showIcon title={erro} style={{ marginTop: 16 }} />}
      {cancelavel && (
        <Button
          danger
          block
          style={{ marginTop: 16 }}
          loading={ocupado}
          onClick={() => window.confirm(t('publico:evento.confirmarCancelamento')) && agir('cancelar')}
        >
          {t('publico:evento.cancelar')}
        </Button>
      )}
    </section>
  );
}
