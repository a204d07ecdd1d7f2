import { schema } from '@sig/db';
import type { TabelaCadastro, TabelaFilho } from '../../platform/crud.js';

/** The table behind each registry of CADASTROS; the engine does the rest. */
export const TABELAS_CADASTRO: Readonly<Record<string, TabelaCadastro>> = {
  banco: schema.banco,
  cargo: schema.cargo,
  profissao: schema.profissao,
  situacao: schema.situacao,
  setor: schema.setor,
  'tipo-pessoa': schema.tipoPessoa,
  'tipo-celebracao-oficio': schema.tipoCelebracaoOficio,
  'tipo-campo-trabalho': schema.tipoCampoTrabalho,
  'tipo-endereco': schema.tipoEndereco,
  'tipo-moradia': schema.tipoMoradia,
  'grau-parentesco': schema.grauParentesco,
  'tipo-contato': schema.tipoContato,
  'tipo-organizacao': schema.tipoOrganizacao,
  pais: schema.pais,
  estado: schema.estado,
  cidade: schema.cidade,
  parametro: schema.parametro,
  classificacao: schema.classificacao,
  caracteristica: schema.caracteristica,
  classe: schema.classe,
  colecoes: schema.colecao,
  visualizacao: schema.visualizacao,
  time: schema.time,
  icones: schema.icone,
  'categoria-atendimentos': schema.categoriaAtendimento,
  'categorias-contribuicao': schema.categoriaContribuicao,
  'mural-de-avisos': schema.aviso,
  'configuracao-etiquetas': schema.configuracaoEtiqueta,
  'gabarito-dons': schema.gabaritoDons,
  'conta-caixa': schema.contaCaixa,
  'plano-de-conta': schema.planoConta,
  'controle-gerencial': schema.controleGerencial,
  'plano-de-ofertas': schema.planoOfertas,
};

/** Sub-record tables per registry, by the declaration's `filhos` name. */
export const FILHOS_CADASTRO: Readonly<Record<string, Readonly<Record<string, TabelaFilho>>>> = {
  caracteristica: {
    opcoes: { tabela: schema.caracteristicaOpcao, pai: schema.caracteristicaOpcao.caracteristicaId },
  },
  classe: {
    caracteristicas: { tabela: schema.classeCaracteristica, pai: schema.classeCaracteristica.classeId },
  },
  'categoria-atendimentos': {
    classes: {
      tabela: schema.categoriaAtendimentoClasse,
      pai: schema.categoriaAtendimentoClasse.categoriaAtendimentoId,
    },
  },
  time: { participantes: { tabela: schema.timeParticipante, pai: schema.timeParticipante.timeId } },
  'gabarito-dons': {
    dons: { tabela: schema.gabaritoDom, pai: schema.gabaritoDom.gabaritoId },
    perguntas: { tabela: schema.gabaritoPergunta, pai: schema.gabaritoPergunta.gabaritoId },
  },
};

/** The table behind a registry: what a listed reference's label is read from, what history reads. */
export const tabelaDe = (recurso: string): TabelaCadastro | undefined =>
  Object.hasOwn(TABELAS_CADASTRO, recurso) ? TABELAS_CADASTRO[recurso] : undefined;
