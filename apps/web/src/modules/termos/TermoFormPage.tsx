import { ACESSO_TERMOS, CAMPOS_TERMO, type Termo, termoInput } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Popconfirm, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { valoresIniciais } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { mensagemDeErro } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { EtiquetaSituacao, ROTA_LISTA_TERMOS, rotaHistorico, rotaRascunho } from './comum';

/** The term's draft: the one there is, or a new version copied from the latest (the API's get-or-create). */
const lerRascunho = (idCompartilhado: string) =>
  dados(cliente.POST('/api/termos/rascunho/{idCompartilhado}', { params: { path: { idCompartilhado } } }));

/**
 * `/termos/cadastrar` and `/termos/editar-rascunho/:idCompartilhado` (spec §2, issue 22): a term's
 * draft (name, type, sender, the e-mail's subject and body with the link variable, the text).
 * Saved, a new term opens as its draft; "Publicar" saves and publishes it as an immutable version.
 */
export default function TermoFormPage() {
  const { idCompartilhado } = useParams();
  // The draft is asked for once per visit (a query of its own, not refreshed by the term's writes:
  // after publishing, asking again would open the next version's draft).
  const rascunho = useQuery({
    queryKey: ['termo-rascunho', idCompartilhado],
    queryFn: () => lerRascunho(idCompartilhado as string),
    enabled: !!idCompartilhado,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (!idCompartilhado) return <FormularioTermo />;
  if (rascunho.isError) return <Alert type="error" showIcon title={mensagemDeErro(rascunho.error)} />;
  return rascunho.data ? <FormularioTermo rascunho={rascunho.data} /> : <Spin />;
}

function FormularioTermo({ rascunho }: { rascunho?: Termo }) {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'menu']);
  const { autorizacao, pode } = useAutorizacao();
  const { message } = App.useApp();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const idCompartilhado = rascunho?.idCompartilhado;
  useTitulo(`menu:acessos.${ACESSO_TERMOS}`);
  const { formProps, saveButtonProps, form, modo, semPermissao, consulta, voltar, registro, mutacao, sair } =
    useFormRecurso<Termo>({
      recurso: 'termos',
      acesso: ACESSO_TERMOS,
      voltar: (r) => (r ? rotaHistorico(r.idCompartilhado) : ROTA_LISTA_TERMOS),
      aposSalvar: idCompartilhado ? undefined : (salvo) => rotaRascunho(salvo.idCompartilhado),
      permanecer: !!idCompartilhado,
      // A published version is what people accepted: it is only shown.
      travado: (r) => r.situacaoTermo !== 'RASCUNHO',
      fixo: rascunho
        ? {
            id: rascunho.id,
            chave: chaves('termos').item(rascunho.id),
            ler: (sinal) => recurso.item('termos', rascunho.id, sinal),
            gravar: (corpo) => recurso.atualizar<Termo>('termos', rascunho.id, corpo),
          }
        : undefined,
    });
  const publicacao = useMutation({
    mutationFn: async () => {
      const valores = await form.validateFields();
      await mutacao.mutateAsync(valores);
      return dados(
        cliente.POST('/api/termos/publicar/{idCompartilhado}', {
          params: { path: { idCompartilhado: idCompartilhado as string } },
        }),
      );
    },
    onSuccess: async (publicado) => {
      await qc.invalidateQueries({ queryKey: ['termos'] });
      void message.success(t('configuracoes:termos.publicado', { versao: publicado.versao }));
      sair();
    },
    onError: (e) => {
      // Field errors are already on their fields (the save's); anything else is told here.
      if (!(e instanceof Error && 'errorFields' in e)) void message.error(mensagemDeErro(e));
    },
  });
  if (semPermissao || (idCompartilhado && !pode(ACESSO_TERMOS, 'U')))
    return <Navigate to={ROTA_LISTA_TERMOS} replace />;
  const titulo = idCompartilhado
    ? t('configuracoes:termos.tituloRascunho', { versao: registro?.versao ?? '' })
    : t(`crud:titulo.${modo}`, { tela: t(`menu:acessos.${ACESSO_TERMOS}`) });
  return (
    <PaginaDeFormulario
      titulo={titulo}
      consulta={consulta}
      carregando={!!idCompartilhado && consulta.isPending}
      salvar={saveButtonProps}
      aoVoltar={() => navegar(voltar)}
      botoes={
        idCompartilhado && (
          <Popconfirm
            title={t('configuracoes:termos.confirmarPublicacao')}
            okText={t('configuracoes:termos.publicar')}
            cancelText={t('comum:cancelar')}
            onConfirm={() => publicacao.mutate()}
          >
            <Button loading={publicacao.isPending}>{t('configuracoes:termos.publicar')}</Button>
          </Popconfirm>
        )
      }
    >
      {registro && (
        <p>
          <EtiquetaSituacao situacao={registro.situacaoTermo} />{' '}
          {t('configuracoes:termos.versao', { versao: registro.versao })}
        </p>
      )}
      <Alert type="info" showIcon title={t('configuracoes:termos.ajudaLink')} style={{ marginBottom: 16 }} />
      <Form<Record<string, unknown>>
        {...formProps}
        name="termo"
        initialValues={{ ...valoresIniciais(CAMPOS_TERMO), organizacaoId: autorizacao?.organizacaoId }}
        data-testid="form-termo"
      >
        <CamposDeclarados campos={CAMPOS_TERMO} esquema={termoInput} />
      </Form>
    </PaginaDeFormulario>
  );
}
