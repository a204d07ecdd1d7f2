import { ArrowLeftOutlined } from '@ant-design/icons';
import { ACESSO_EVENTO_COM_INSCRICAO, type Inscricao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, recurso } from '../../platform/cliente';
import { celulaData, celulaDataHora, celulaDinheiro, celulaSimNao } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { celulaStatusInscricao, ROTA_INSCRICOES } from './comum';

type Dados = Inscricao['dados'];
type CampoDados = Exclude<keyof Dados, 'respostas'>;
/** The sections of the registration as the form asks them (spec §3 Registration). */
const SECOES: { secao: string; campos: CampoDados[] }[] = [
  { secao: 'enderecoComunidade', campos: ['endereco', 'cidade', 'comunidade'] },
  { secao: 'saude', campos: ['restricaoAlimentar', 'medicamentos', 'alergias', 'planoSaude'] },
  { secao: 'logistica', campos: ['transporte', 'hospedagem', 'chegada'] },
  { secao: 'banda', campos: ['banda', 'instrumento'] },
  { secao: 'camiseta', campos: ['camiseta'] },
];

const vazio = '—';
const texto = (v: unknown): ReactNode => (v === null || v === undefined || v === '' ? vazio : String(v));

/**
 * `/inscricoes-de-eventos/:eventoId/dados-inscritos/:id` (spec §2): what a registrant answered,
 * read-only — personal data, the registration's state and payment, each section of the form and
 * the event's own questions under their labels.
 */
export default function DadosInscritoPage() {
  const { t } = useTranslation(['campos', 'comum', 'eventos', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const eventoId = Number(params.eventoId);
  useTitulo('eventos:dados.titulo');
  const inscricao = useQuery({
    queryKey: chaves('inscricoes-de-eventos').item(id),
    queryFn: ({ signal }) => recurso.item('inscricoes-de-eventos', id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  // The questions' labels come from the event's form, when the profile may read it.
  const evento = useQuery({
    queryKey: chaves('evento-com-inscricao').item(eventoId),
    queryFn: ({ signal }) => recurso.item('evento-com-inscricao', eventoId, signal, true),
    enabled: Number.isInteger(eventoId) && eventoId > 0 && pode(ACESSO_EVENTO_COM_INSCRICAO, 'R'),
  });
  const voltar = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navegar(`${ROTA_INSCRICOES}?eventoId=${eventoId}`)}>
      {t('eventos:dados.voltar')}
    </Button>
  );
  if (inscricao.isPending) return <Spin />;
  const i = inscricao.data;
  if (!i || i.eventoId !== eventoId)
    return (
      <Space orientation="vertical">
        {voltar}
        <Alert
          type="error"
          showIcon
          title={inscricao.error ? mensagemDeErro(inscricao.error) : t('eventos:dados.naoEncontrada')}
        />
      </Space>
    );
  const perguntas = evento.data?.formulario.perguntas ?? [];
  const rotulo = (chave: string) => perguntas.find((p) => p.chave === chave)?.rotulo ?? chave;
  const resposta = (v: unknown) => (typeof v === 'boolean' ? celulaSimNao(v) : texto(v));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="dados-inscrito">
      <Space>
        {voltar}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {i.nome}
        </Typography.Title>
      </Space>
      <Card size="small" title={t('eventos:dados.inscricao')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('campos:eventoNome')}>{i.eventoNome}</Descriptions.Item>
          <Descriptions.Item label={t('campos:codigo')}>{i.codigo}</Descriptions.Item>
          <Descriptions.Item label={t('campos:status')}>{celulaStatusInscricao(i.status)}</Descriptions.Item>
          <Descriptions.Item label={t('campos:loteNumero')}>{texto(i.loteNumero)}</Descriptions.Item>
          <Descriptions.Item label={t('campos:valor')}>{celulaDinheiro(i.valor)}</Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.formaPagamento')}>
            {i.formaPagamento ? t(`eventos:formas.${i.formaPagamento as 'PIX'}`) : vazio}
          </Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.vencimento')}>
            {celulaData(i.vencimento) || vazio}
          </Descriptions.Item>
          <Descriptions.Item label={t('campos:motivoCortesia')}>{texto(i.motivoCortesia)}</Descriptions.Item>
          <Descriptions.Item label={t('campos:checkInEm')}>{celulaDataHora(i.checkInEm) || vazio}</Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.inscritoEm')}>{celulaDataHora(i.criadoEm)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('eventos:dados.pessoais')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('campos:nome')}>{i.nome}</Descriptions.Item>
          <Descriptions.Item label="CPF">{texto(i.cpf)}</Descriptions.Item>
          <Descriptions.Item label={t('campos:email')}>{i.email}</Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.telefone')}>{texto(i.telefone)}</Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.dataNascimento')}>
            {celulaData(i.dataNascimento) || vazio}
          </Descriptions.Item>
          <Descriptions.Item label={t('eventos:dados.responsavelNome')}>{texto(i.responsavelNome)}</Descriptions.Item>
          <Descriptions.Item label={t('campos:comunidadeNome')}>{texto(i.comunidadeNome)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {SECOES.map(({ secao, campos }) => (
        <Card key={secao} size="small" title={t(`eventos:secoes.${secao as 'saude'}`)}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            {campos.map((c) => (
              <Descriptions.Item key={c} label={t(`eventos:dados.campos.${c}`)}>
                {texto(i.dados[c])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
      <Card size="small" title={t('campos:oficinas')}>
        {i.oficinas.length ? i.oficinas.map((o) => o.nome).join(', ') : vazio}
      </Card>
      {Object.keys(i.dados.respostas).length > 0 && (
        <Card size="small" title={t('eventos:form.perguntas')}>
          <Descriptions column={1} size="small" data-testid="dados-respostas">
            {Object.entries(i.dados.respostas).map(([chave, v]) => (
              <Descriptions.Item key={chave} label={rotulo(chave)}>
                {resposta(v)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      )}
    </Space>
  );
}
