import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ItalicOutlined,
  MenuOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Alinhamento, type CAMPOS_MESCLAGEM, type DocumentoOficio, textoDoDocumento } from '@sig/contracts';
import { mergeAttributes, Node } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Space, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The letter template's body editor (TipTap, docs/adr/0028), loaded with the form only: paragraphs,
 * two heading levels, bold, italic, underline, bulleted and numbered lists, alignment and merge
 * fields as tokens. Only what the PDF engine prints is in the editor's schema, so a paste keeps
 * just that; the server validates the document again (`documentoOficio`).
 */
type Props = {
  /** The document as loaded; later changes come from the editor itself. */
  valor: DocumentoOficio;
  /** The document and its text (the plain `corpo`) on every change. */
  aoMudar: (d: DocumentoOficio, texto: string) => void;
  id: string;
  rotulo: string;
  somenteLeitura?: boolean;
  invalido?: boolean;
  /** Set to what inserts a merge field at the cursor (the form's field picker calls it). */
  inserir: { current: ((campo: string) => void) | null };
};

/** A merge field as an inline token: its label on screen, `{{campo}}` as text. */
const Campo = Node.create<{ rotulo: (campo: string) => string }>({
  name: 'campo',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions: () => ({ rotulo: (c: string) => c }),
  addAttributes: () => ({
    campo: {
      default: null,
      parseHTML: (el) => el.getAttribute('data-campo'),
      renderHTML: (a) => ({ 'data-campo': a.campo }),
    },
  }),
  parseHTML: () => [{ tag: 'span[data-campo]' }],
  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes(HTMLAttributes, {
        class: 'campo-mesclagem',
        style: 'background:#e6f4ff;border:1px solid #91caff;border-radius:4px;padding:0 4px;white-space:nowrap',
      }),
      this.options.rotulo(String(node.attrs.campo)),
    ];
  },
  renderText: ({ node }) => `{{${String(node.attrs.campo)}}}`,
});

const ALINHAMENTOS: [Alinhamento, ReactNode][] = [
  ['left', <AlignLeftOutlined key="l" />],
  ['center', <AlignCenterOutlined key="c" />],
  ['right', <AlignRightOutlined key="r" />],
  ['justify', <MenuOutlined key="j" />],
];

export default function EditorCorpo({ valor, aoMudar, id, rotulo, somenteLeitura, invalido, inserir }: Props) {
  const { t } = useTranslation(['oficios']);
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Campo.configure({ rotulo: (c) => t(`oficios:mesclagem.${c as (typeof CAMPOS_MESCLAGEM)[number]}`) }),
    ],
    content: valor,
    editable: !somenteLeitura,
    editorProps: {
      attributes: {
        id,
        'aria-label': rotulo,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'editor-corpo',
        style: 'min-height: 180px; outline: none',
      },
    },
    onUpdate: ({ editor: e }) => {
      const d = e.getJSON() as DocumentoOficio;
      aoMudar(d, textoDoDocumento(d));
    },
  });
  useEffect(() => {
    editor?.setEditable(!somenteLeitura);
  }, [editor, somenteLeitura]);
  useEffect(() => {
    inserir.current = (campo) => editor?.chain().focus().insertContent({ type: 'campo', attrs: { campo } }).run();
    return () => {
      inserir.current = null;
    };
  }, [editor, inserir]);
  const ativo = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h1: e?.isActive('heading', { level: 1 }) ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      alinhamento: (['left', 'center', 'right', 'justify'] as const).find((a) => e?.isActive({ textAlign: a })),
    }),
  });
  type Acao = 'negrito' | 'italico' | 'sublinhado' | 'titulo1' | 'titulo2' | 'listaMarcadores' | 'listaNumerada';
  const acao = (chave: Acao | `alinhar.${Alinhamento}`, icone: ReactNode, ligado: boolean, fazer: () => void) => (
    <Tooltip title={t(`oficios:editor.${chave}`)} key={chave}>
      <Button
        size="small"
        type={ligado ? 'primary' : 'text'}
        icon={icone}
        aria-label={t(`oficios:editor.${chave}`)}
        aria-pressed={ligado}
        disabled={somenteLeitura}
        onMouseDown={(e) => e.preventDefault()}
        onClick={fazer}
      />
    </Tooltip>
  );
  const cadeia = () => editor!.chain().focus();
  return (
    <div
      style={{
        border: `1px solid ${invalido ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
      }}
    >
      {!somenteLeitura && editor && (
        <Space
          wrap
          size={2}
          style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}`, width: '100%' }}
        >
          {acao('negrito', <BoldOutlined />, !!ativo?.bold, () => cadeia().toggleBold().run())}
          {acao('italico', <ItalicOutlined />, !!ativo?.italic, () => cadeia().toggleItalic().run())}
          {acao('sublinhado', <UnderlineOutlined />, !!ativo?.underline, () => cadeia().toggleUnderline().run())}
          <Divider type="vertical" />
          {acao('titulo1', 'T1', !!ativo?.h1, () => cadeia().toggleHeading({ level: 1 }).run())}
          {acao('titulo2', 'T2', !!ativo?.h2, () => cadeia().toggleHeading({ level: 2 }).run())}
          <Divider type="vertical" />
          {acao('listaMarcadores', <UnorderedListOutlined />, !!ativo?.bulletList, () =>
            cadeia().toggleBulletList().run(),
          )}
          {acao('listaNumerada', <OrderedListOutlined />, !!ativo?.orderedList, () =>
            cadeia().toggleOrderedList().run(),
          )}
          <Divider type="vertical" />
          {ALINHAMENTOS.map(([a, icone]) =>
            acao(`alinhar.${a}`, icone, ativo?.alinhamento === a, () => cadeia().setTextAlign(a).run()),
          )}
        </Space>
      )}
      <EditorContent editor={editor} style={{ padding: '4px 11px', minHeight: 200 }} />
    </div>
  );
}
