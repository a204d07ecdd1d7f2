import { z } from 'zod';

/**
 * A letter template's rich body (issue 22, docs/adr/0028): the editor's (TipTap/ProseMirror) JSON
 * document, restricted to what the PDF engine prints — paragraphs and two heading levels, each
 * aligned left, centre, right or justified; bulleted and numbered lists; bold, italic and underlined
 * text; line breaks; and merge fields as tokens (`{type: 'campo', attrs: {campo: 'pessoa.nome'}}`).
 * Any other node, mark or attribute is refused (no HTML goes anywhere: the PDF draws text runs).
 */
export const ALINHAMENTOS = ['left', 'center', 'right', 'justify'] as const;
export type Alinhamento = (typeof ALINHAMENTOS)[number];
export const MARCAS_TEXTO = ['bold', 'italic', 'underline'] as const;
export type MarcaTexto = (typeof MARCAS_TEXTO)[number];

export type NoTexto = { type: 'text'; text: string; marks?: { type: MarcaTexto }[] | undefined };
export type NoCampo = { type: 'campo'; attrs: { campo: string }; marks?: { type: MarcaTexto }[] | undefined };
export type NoQuebra = { type: 'hardBreak' };
export type NoEmLinha = NoTexto | NoCampo | NoQuebra;
type AtributosBloco = { textAlign?: Alinhamento | null | undefined };
export type NoParagrafo = { type: 'paragraph'; attrs?: AtributosBloco | undefined; content?: NoEmLinha[] | undefined };
export type NoTitulo = {
  type: 'heading';
  attrs: AtributosBloco & { level: 1 | 2 };
  content?: NoEmLinha[] | undefined;
};
export type NoItemLista = { type: 'listItem'; content: (NoParagrafo | NoLista)[] };
export type NoLista =
  | { type: 'bulletList'; content: NoItemLista[] }
  | {
      type: 'orderedList';
      attrs?: { start?: number | undefined; type?: string | null | undefined } | undefined;
      content: NoItemLista[];
    };
export type NoBloco = NoParagrafo | NoTitulo | NoLista;
export type DocumentoOficio = { type: 'doc'; content: NoBloco[] };

const ELEMENTO = { error: 'validacao:documentoElementoInvalido' };
/** Lists inside lists, at most this deep (deeper does not print legibly, and bounds the recursion). */
export const PROFUNDIDADE_LISTAS = 4;
const MAX_NOS = 2_000;

const marcas = z
  .array(z.strictObject({ type: z.enum(MARCAS_TEXTO) }))
  .max(3)
  .optional();
const texto = z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(20_000), marks: marcas });
const campo = z.strictObject({
  type: z.literal('campo'),
  attrs: z.strictObject({ campo: z.string().regex(/^[\w.]{1,60}$/) }),
  marks: marcas,
});
const quebra = z.strictObject({ type: z.literal('hardBreak') });
const emLinha = z.discriminatedUnion('type', [texto, campo, quebra], ELEMENTO);
const alinhamento = z.enum(ALINHAMENTOS).nullish();
const paragrafo = z.strictObject({
  type: z.literal('paragraph'),
  attrs: z.strictObject({ textAlign: alinhamento }).optional(),
  content: z.array(emLinha).max(MAX_NOS).optional(),
});
const titulo = z.strictObject({
  type: z.literal('heading'),
  attrs: z.strictObject({ level: z.union([z.literal(1), z.literal(2)]), textAlign: alinhamento }),
  content: z.array(emLinha).max(MAX_NOS).optional(),
});
/** Named, as lists hold lists: the API description refers to them (`#/components/schemas/ItemListaOficio`). */
const itemLista: z.ZodType<NoItemLista> = z
  .lazy(() =>
    z.strictObject({
      type: z.literal('listItem'),
      content: z
        .array(z.discriminatedUnion('type', [paragrafo, ...listas], ELEMENTO))
        .min(1)
        .max(MAX_NOS),
    }),
  )
  .meta({ id: 'ItemListaOficio' });
const listas = [
  z
    .strictObject({ type: z.literal('bulletList'), content: z.array(itemLista).min(1).max(MAX_NOS) })
    .meta({ id: 'ListaMarcadoresOficio' }),
  z
    .strictObject({
      type: z.literal('orderedList'),
      attrs: z
        .strictObject({ start: z.number().int().min(0).max(10_000).optional(), type: z.string().max(1).nullish() })
        .optional(),
      content: z.array(itemLista).min(1).max(MAX_NOS),
    })
    .meta({ id: 'ListaNumeradaOficio' }),
] as const;

/** The deepest list nesting of a document's blocks. */
const profundidade = (blocos: readonly (NoParagrafo | NoTitulo | NoLista)[]): number =>
  Math.max(
    0,
    ...blocos.map((b) =>
      b.type === 'bulletList' || b.type === 'orderedList'
        ? 1 + Math.max(0, ...b.content.map((i) => profundidade(i.content)))
        : 0,
    ),
  );

export const documentoOficio = z
  .strictObject({
    type: z.literal('doc'),
    content: z
      .array(z.discriminatedUnion('type', [paragrafo, titulo, ...listas], ELEMENTO))
      .min(1)
      .max(MAX_NOS),
  })
  .superRefine((d, ctx) => {
    if (profundidade(d.content as NoBloco[]) > PROFUNDIDADE_LISTAS)
      ctx.addIssue({ code: 'custom', message: 'validacao:documentoListasProfundas' });
  })
  .meta({ id: 'DocumentoOficio' }) as unknown as z.ZodType<DocumentoOficio>;

/** `{{ pessoa.nome }}`: a merge field as written in a plain text (spaces inside the braces allowed). */
export const MARCADOR_MESCLAGEM = /\{\{\s*([\w.]+)\s*\}\}/g;

const marcador = (c: string) => `{{${c}}}`;

/** A line's text: merge fields as `{{campo}}`, line breaks as `\n`. */
const textoEmLinha = (nos: readonly NoEmLinha[] | undefined) =>
  (nos ?? []).map((n) => (n.type === 'text' ? n.text : n.type === 'campo' ? marcador(n.attrs.campo) : '\n')).join('');

/** A list's lines: an item a line with its bullet or number, what it nests indented below. */
function linhasDaLista(l: NoLista, recuo: string): string[] {
  const inicio = l.type === 'orderedList' ? (l.attrs?.start ?? 1) : 1;
  return l.content.flatMap((item, i) => {
    const rotulo = l.type === 'orderedList' ? `${inicio + i}. ` : '• ';
    const linhas = item.content.flatMap((b) =>
      b.type === 'paragraph' ? [`${recuo}   ${textoEmLinha(b.content)}`] : linhasDaLista(b, `${recuo}   `),
    );
    return [`${recuo}${rotulo}${(linhas[0] ?? '').trimStart()}`, ...linhas.slice(1)];
  });
}

/**
 * The document as plain text (blocks apart by a blank line, list items one a line with their bullet
 * or number): a template's `corpo`, a letter's `texto`, and what its merge fields are checked on.
 */
export const textoDoDocumento = (d: DocumentoOficio) =>
  d.content
    .map((b) =>
      b.type === 'paragraph' || b.type === 'heading' ? textoEmLinha(b.content) : linhasDaLista(b, '').join('\n'),
    )
    .join('\n\n')
    // The editor keeps an empty paragraph at the end to type in: no text of the letter's.
    .trimEnd();

/**
 * A plain-text body (templates written before the rich body) as a document that prints the same:
 * a justified paragraph per blank-line-separated block, its single line breaks kept, its merge
 * fields as tokens.
 */
export function documentoDeTexto(texto: string): DocumentoOficio {
  const linha = (s: string): NoEmLinha[] => {
    const nos: NoEmLinha[] = [];
    let desde = 0;
    for (const m of s.matchAll(MARCADOR_MESCLAGEM)) {
      if (m.index > desde) nos.push({ type: 'text', text: s.slice(desde, m.index) });
      nos.push({ type: 'campo', attrs: { campo: m[1]! } });
      desde = m.index + m[0].length;
    }
    if (desde < s.length) nos.push({ type: 'text', text: s.slice(desde) });
    return nos;
  };
  const blocos = texto
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p): NoParagrafo => ({
        type: 'paragraph',
        attrs: { textAlign: 'justify' },
        content: p.split('\n').flatMap((l, i) => [...(i ? [{ type: 'hardBreak' } as const] : []), ...linha(l)]),
      }),
    );
  return { type: 'doc', content: blocos.length ? blocos : [{ type: 'paragraph' }] };
}
