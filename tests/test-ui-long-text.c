/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Long petitions in the compare view (texts of some 8,500 characters and
 * more): the primary's text as it is, the judged record's own text with
 * the primary's dropped words put back, every word added underlined and
 * every word dropped struck through, exactly where an independent diff
 * puts them; and nothing of a case or record left behind when another
 * is chosen while the texts are still being put in.
 *
 * The oracle: records built of sentences whose characters are each used
 * once in the test, so that any word diff must agree with a diff of
 * whole sentences, which the test computes by brute force (a longest
 * common subsequence). The petitioner is written in Latin letters, so
 * that every Chinese character in the view is a record's. What is shown is read from the widget as the
 * clerk sees it (a label's text and attributes, or a text view's buffer
 * and its tags' underline and strikethrough), whatever shows it.
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "pr-cluster-item.h"
#include "pr-compare-view.h"
#include "pr-mapping.h"
#include "pr-test-ui.h"
#include "pr-test-util.h"

#define N_SENTENCES 300
#define SENTENCE_CHARS 27

/* Sentence @i of a case starting at the character @base: its own
 * characters, then a full stop. */
static char *
sentence (gunichar base,
          guint    i)
{
  GString *text = g_string_new (NULL);

  for (guint c = 0; c < SENTENCE_CHARS; c++)
    g_string_append_unichar (text, base + i * SENTENCE_CHARS + c);
  g_string_append (text, "。");
  return g_string_free (text, FALSE);
}

typedef struct
{
  GPtrArray *primary; /* char *: its sentences */
  GPtrArray *others[2];
} Case;

static void
case_clear (Case *c)
{
  g_ptr_array_unref (c->primary);
  g_ptr_array_unref (c->others[0]);
  g_ptr_array_unref (c->others[1]);
}

/* The primary: N_SENTENCES sentences. The second record drops sentence
 * 100 and adds one after sentence 200; the third drops 50 to 52 and
 * adds two at its end. */
static void
make_case (Case     *c,
           gunichar  base)
{
  c->primary = g_ptr_array_new_with_free_func (g_free);
  c->others[0] = g_ptr_array_new_with_free_func (g_free);
  c->others[1] = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < N_SENTENCES; i++)
    {
      g_ptr_array_add (c->primary, sentence (base, i));
      if (i != 100)
        g_ptr_array_add (c->others[0], sentence (base, i));
      if (i == 200)
        g_ptr_array_add (c->others[0], sentence (base, N_SENTENCES));
      if (i < 50 || i > 52)
        g_ptr_array_add (c->others[1], sentence (base, i));
    }
  g_ptr_array_add (c->others[1], sentence (base, N_SENTENCES + 1));
  g_ptr_array_add (c->others[1], sentence (base, N_SENTENCES + 2));
}

static char *
joined (GPtrArray *sentences)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < sentences->len; i++)
    g_string_append (text, sentences->pdata[i]);
  return g_string_free (text, FALSE);
}

static void
append_kind (GString    *text,
             GString    *kinds,
             const char *s,
             char        kind)
{
  g_string_append (text, s);
  for (glong n = g_utf8_strlen (s, -1); n > 0; n--)
    g_string_append_c (kinds, kind);
}

/* The oracle: @b with what it dropped of @a put back before what it has
 * in its place, by a longest common subsequence of sentences; @kinds
 * gets a character per character: '=' in both, '-' dropped, '+' added. */
static char *
sentence_diff (GPtrArray *a,
               GPtrArray *b,
               GString   *kinds)
{
  guint n = a->len, m = b->len;
  g_autofree guint *lcs = g_new0 (guint, (n + 1) * (m + 1));
  GString *text = g_string_new (NULL);
  g_autoptr(GPtrArray) dropped = g_ptr_array_new ();
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  guint i = 0, j = 0;

#define L(x, y) lcs[(x) * (m + 1) + (y)]
  for (guint x = n; x-- > 0;)
    for (guint y = m; y-- > 0;)
      L (x, y) = g_str_equal (a->pdata[x], b->pdata[y]) ? L (x + 1, y + 1) + 1 : MAX (L (x + 1, y), L (x, y + 1));
  while (i < n || j < m)
    {
      gboolean same = i < n && j < m && g_str_equal (a->pdata[i], b->pdata[j]) && L (i, j) == L (i + 1, j + 1) + 1;

      if (same || (i == n && j == m))
        {
          for (guint k = 0; k < dropped->len; k++)
            append_kind (text, kinds, dropped->pdata[k], '-');
          for (guint k = 0; k < added->len; k++)
            append_kind (text, kinds, added->pdata[k], '+');
          g_ptr_array_set_size (dropped, 0);
          g_ptr_array_set_size (added, 0);
        }
      if (same)
        {
          append_kind (text, kinds, a->pdata[i], '=');
          i++, j++;
        }
      else if (j == m || (i < n && L (i + 1, j) >= L (i, j + 1)))
        g_ptr_array_add (dropped, a->pdata[i++]);
      else
        g_ptr_array_add (added, b->pdata[j++]);
    }
  for (guint k = 0; k < dropped->len; k++)
    append_kind (text, kinds, dropped->pdata[k], '-');
  for (guint k = 0; k < added->len; k++)
    append_kind (text, kinds, added->pdata[k], '+');
#undef L
  return g_string_free (text, FALSE);
}

/* A label's marks at the byte @index. */
static char
label_kind (PangoAttrList *attrs,
            gsize          index)
{
  g_autoptr(GSList) list = attrs != NULL ? pango_attr_list_get_attributes (attrs) : NULL;
  char kind = '=';

  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->start_index <= index && index < attr->end_index)
        {
          if (attr->klass->type == PANGO_ATTR_UNDERLINE && ((PangoAttrInt *) attr)->value != PANGO_UNDERLINE_NONE)
            kind = kind == '=' ? '+' : '?';
          else if (attr->klass->type == PANGO_ATTR_STRIKETHROUGH && ((PangoAttrInt *) attr)->value)
            kind = kind == '=' ? '-' : '?';
        }
    }
  g_slist_free_full (g_steal_pointer (&list), (GDestroyNotify) pango_attribute_destroy);
  return kind;
}

/* A text view's marks at @iter, from its tags' looks. */
static char
buffer_kind (const GtkTextIter *iter)
{
  g_autoptr(GSList) tags = gtk_text_iter_get_tags (iter);
  char kind = '=';

  for (GSList *l = tags; l != NULL; l = l->next)
    {
      gboolean underline_set, strikethrough_set, strikethrough;
      PangoUnderline underline;

      g_object_get (l->data, "underline-set", &underline_set, "underline", &underline, "strikethrough-set",
                    &strikethrough_set, "strikethrough", &strikethrough, NULL);
      if (underline_set && underline != PANGO_UNDERLINE_NONE)
        kind = kind == '=' ? '+' : '?';
      if (strikethrough_set && strikethrough)
        kind = kind == '=' ? '-' : '?';
    }
  return kind;
}

/* What @cell shows, and its marks in @kinds; NULL if it is no text. */
static char *
shown (GtkWidget *cell,
       GString   *kinds)
{
  g_string_truncate (kinds, 0);
  if (GTK_IS_LABEL (cell))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (cell));
      PangoAttrList *attrs = gtk_label_get_attributes (GTK_LABEL (cell));

      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        g_string_append_c (kinds, label_kind (attrs, p - text));
      return g_strdup (text);
    }
  if (GTK_IS_TEXT_VIEW (cell))
    {
      GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (cell));
      GtkTextIter start, end, iter;

      gtk_text_buffer_get_bounds (buffer, &start, &end);
      for (iter = start; !gtk_text_iter_equal (&iter, &end); gtk_text_iter_forward_char (&iter))
        g_string_append_c (kinds, buffer_kind (&iter));
      return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
    }
  return NULL;
}

/* Every label and text view under @widget, depth first. */
static void
collect_texts (GtkWidget *widget,
               GPtrArray *found)
{
  if (GTK_IS_LABEL (widget) || GTK_IS_TEXT_VIEW (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_texts (child, found);
}

/* The field cells that show a long text: the primary's, then the judged record's. */
static GPtrArray *
long_cells (GtkWidget *view)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  GPtrArray *cells = g_ptr_array_new ();
  g_autoptr(GString) kinds = g_string_new (NULL);

  collect_texts (view, texts);
  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *text = NULL;

      if (!gtk_widget_has_css_class (texts->pdata[i], "field-value"))
        continue;
      text = shown (texts->pdata[i], kinds);
      if (g_utf8_strlen (text, -1) > 1000)
        g_ptr_array_add (cells, texts->pdata[i]);
    }
  return cells;
}

typedef struct
{
  GtkWidget *view;
  Case      *c;
  guint      other;
} Expected;

/* TRUE once the view's two long cells hold the whole texts expected
 * (however they are put in). */
static gboolean
all_in (gpointer data)
{
  Expected *expected = data;
  g_autoptr(GPtrArray) cells = long_cells (expected->view);
  g_autoptr(GString) kinds = g_string_new (NULL);
  g_autoptr(GString) expected_kinds = g_string_new (NULL);
  g_autofree char *primary = joined (expected->c->primary);
  g_autofree char *merged = sentence_diff (expected->c->primary, expected->c->others[expected->other], expected_kinds);
  g_autofree char *first = NULL, *second = NULL;

  if (cells->len != 2)
    return FALSE;
  first = shown (cells->pdata[0], kinds);
  second = shown (cells->pdata[1], kinds);
  return g_str_equal (first, primary) && g_str_equal (second, merged);
}

static void
wait_all_in (GtkWidget *view,
             Case      *c,
             guint      other)
{
  Expected expected = { view, c, other };

  pr_test_wait_until (all_in, &expected);
}

/* Whether a text under @view is shorter than @c's primary and longer
 * than a first screen: a long text still being put in. */
static gboolean
some_unfilled (GtkWidget *view,
               Case      *c)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GString) kinds = g_string_new (NULL);
  g_autofree char *primary = joined (c->primary);

  collect_texts (view, texts);
  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *text = shown (texts->pdata[i], kinds);
      glong n = g_utf8_strlen (text, -1);

      if (n > 1000 && n < g_utf8_strlen (primary, -1) - 1000)
        return TRUE;
    }
  return FALSE;
}

/* The view shows @c's primary and its record @other, as the oracle says;
 * and no text under the view holds any of @gone's characters. */
static void
assert_shown (GtkWidget *view,
              Case      *c,
              guint      other,
              gunichar   gone)
{
  g_autoptr(GPtrArray) cells = long_cells (view);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GString) kinds = g_string_new (NULL);
  g_autoptr(GString) expected_kinds = g_string_new (NULL);
  g_autofree char *primary = joined (c->primary);
  g_autofree char *record = joined (c->others[other]);
  g_autofree char *merged = sentence_diff (c->primary, c->others[other], expected_kinds);
  g_autofree char *primary_shown = NULL, *judged_shown = NULL;
  g_autofree char *same = g_strnfill (g_utf8_strlen (primary, -1), '=');
  GString *kept = g_string_new (NULL);
  g_autofree char *kept_text = NULL;
  g_autofree char *description = NULL;
  guint n_added = 0, n_dropped = 0;

  g_assert_cmpuint (cells->len, ==, 2);
  primary_shown = shown (cells->pdata[0], kinds);
  g_assert_true (g_str_equal (primary_shown, primary));
  g_assert_cmpstr (kinds->str, ==, same);

  judged_shown = shown (cells->pdata[1], kinds);
  g_assert_true (g_str_equal (judged_shown, merged));
  g_assert_cmpstr (kinds->str, ==, expected_kinds->str);
  /* What is not struck through is the record's own text. */
  for (const char *p = judged_shown; *p != '\0'; p = g_utf8_next_char (p))
    if (kinds->str[g_utf8_pointer_to_offset (judged_shown, p)] != '-')
      g_string_append_unichar (kept, g_utf8_get_char (p));
  kept_text = g_string_free (kept, FALSE);
  g_assert_true (g_str_equal (kept_text, record));

  /* Said to a screen reader: how many stretches of each. */
  for (gsize k = 0; k < expected_kinds->len; k++)
    if (expected_kinds->str[k] != '=' && (k == 0 || expected_kinds->str[k - 1] != expected_kinds->str[k]))
      expected_kinds->str[k] == '+' ? n_added++ : n_dropped++;
  description = g_strdup_printf ("differs from the primary: %u passages added (underlined), "
                                 "%u dropped from the primary (struck through)", n_added, n_dropped);
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (cells->pdata[1]),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description));

  /* Nothing of the case or record left. */
  collect_texts (view, texts);
  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *text = shown (texts->pdata[i], kinds);

      for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
        g_assert_false (g_utf8_get_char (p) >= gone && g_utf8_get_char (p) < gone + (N_SENTENCES + 3) * SENTENCE_CHARS);
    }
}

static PrClusterItem *
show_case (GtkWidget *view,
           PrMapping *mapping,
           Case      *c,
           gunichar   base,
           GPtrArray *records)
{
  PrClusterItem *item = pr_cluster_item_new (base, FALSE, "subject", 0);
  g_autofree char *primary = joined (c->primary);
  g_autofree char *second = joined (c->others[0]);
  g_autofree char *third = joined (c->others[1]);
  g_autofree char *prefix = g_strdup_printf ("%u-", (guint) base);
  g_autofree char *a = g_strconcat (prefix, "a", NULL);
  g_autofree char *b = g_strconcat (prefix, "b", NULL);
  g_autofree char *d = g_strconcat (prefix, "c", NULL);

  pr_test_compare_add (item, records, a, primary, "Zhang San", 0);
  pr_test_compare_add (item, records, b, second, "Zhang San", 3);
  pr_test_compare_add (item, records, d, third, "Zhang San", 5);
  pr_compare_view_show (PR_COMPARE_VIEW (view), item, mapping, NULL, records);
  return item;
}

static GtkWidget *
show_window (GtkWidget *view)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  pr_test_wait_frames (view, 3);
  return window;
}

#define BASE_A 0x4E00
#define BASE_B (0x4E00 + (N_SENTENCES + 3) * SENTENCE_CHARS)

/* Each record of a case beside the primary, marked as the oracle says;
 * then another record chosen while the first's text is still being put
 * in: only the second's shows. */
static void
test_marks_as_oracle (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view);
  g_autoptr(PrClusterItem) item = NULL;
  Case c;

  make_case (&c, BASE_A);
  item = show_case (view, mapping, &c, BASE_A, records);
  wait_all_in (view, &c, 0);
  pr_test_wait_frames (view, 2);
  assert_shown (view, &c, 0, BASE_B);

  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
  wait_all_in (view, &c, 1);
  pr_test_wait_frames (view, 2);
  assert_shown (view, &c, 1, BASE_B);

  /* Back to the second record, and on to the third before it is all in. */
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), -1);
  pr_test_wait_frames (view, 1);
  g_test_message ("the second record's text %s", some_unfilled (view, &c) ? "was still being put in" : "was all in");
  pr_compare_view_select_member (PR_COMPARE_VIEW (view), 1);
  wait_all_in (view, &c, 1);
  pr_test_wait_frames (view, 10);
  assert_shown (view, &c, 1, BASE_B);
  case_clear (&c);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A case opened while the last one's texts are still being put in (its
 * first screen painted, the rest to come): the new case's texts and
 * marks only, also frames later. */
static void
test_case_opened_before_filled (void)
{
  g_autoptr(PrMapping) mapping = pr_test_compare_mapping ();
  g_autoptr(GPtrArray) records_a = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) records_b = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) records_c = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GPtrArray) records_d = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GtkWidget *view = pr_compare_view_new ();
  GtkWidget *window = show_window (view);
  g_autoptr(PrClusterItem) first = NULL, second = NULL;
  Case a, b;
  gboolean pending;

  make_case (&a, BASE_A);
  make_case (&b, BASE_B);
  first = show_case (view, mapping, &a, BASE_A, records_a);
  pr_test_wait_frames (view, 1);
  pending = some_unfilled (view, &a);
  g_test_message ("the first case's texts %s", pending ? "were still being put in" : "were all in (shown at once)");
  second = show_case (view, mapping, &b, BASE_B, records_b);
  wait_all_in (view, &b, 0);
  assert_shown (view, &b, 0, BASE_A);
  /* Frames later, when anything left of the first would have come. */
  pr_test_wait_frames (view, 10);
  assert_shown (view, &b, 0, BASE_A);

  /* And the first again, opened in the frame after the second. */
  g_clear_object (&first);
  g_clear_object (&second);
  second = show_case (view, mapping, &b, BASE_B, records_c);
  pr_test_wait_frames (view, 1);
  first = show_case (view, mapping, &a, BASE_A, records_d);
  wait_all_in (view, &a, 0);
  pr_test_wait_frames (view, 10);
  assert_shown (view, &a, 0, BASE_B);
  case_clear (&a);
  case_clear (&b);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  /* A fixed English locale: the tests read the descriptions. */
  gtk_test_init (&argc, &argv, NULL);
  if (gdk_display_get_default () == NULL)
    {
      g_print ("1..0 # SKIP no display: run under xvfb-run\n");
      return 0;
    }
  g_test_add_func ("/app/long-text/marks-as-oracle", test_marks_as_oracle);
  g_test_add_func ("/app/long-text/case-opened-before-filled", test_case_opened_before_filled);
  return g_test_run ();
}
