/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrMappingPage: the window's page for mapping a table: which table, what
 * each of its columns is, the k, write-back, and a preview of the first
 * records as the fingerprint sees them.
 */
#define G_LOG_DOMAIN "pr-mapping-page"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-mapping-page.h"
#include "pr-focus.h"

#include "pr-catalog.h"
#include "pr-column-names.h"

/* The parts of a column's row, its name first, each in a size group so
 * that they line up from row to row whatever their contents. */
enum { SLOT_NAME, SLOT_TYPE, SLOT_LABEL, SLOT_ROLE, SLOT_WEIGHT_CAPTION, SLOT_WEIGHT, SLOT_PETITIONER, N_SLOTS };

struct _PrMappingPage
{
  GtkWidget             parent_instance;

  /* Template widgets */
  GtkWidget            *table_dropdown;
  GtkWidget            *k_spin;
  GtkWidget            *last_scan_button;
  GtkWidget            *scan_button;
  GtkWidget            *columns_box;
  GtkWidget            *preview_label;
  GtkWidget            *write_back_check;
  GtkWidget            *repeat_of_dropdown;
  GtkWidget            *status_dropdown;
  GtkWidget            *status_repeat_entry;
  GtkWidget            *status_not_repeat_entry;
  GtkWidget            *force_encodings_check;
  GtkStringList        *encoding_names;   /* encodings[]'s names, as shown */

  PrSession            *session;
  GCancellable         *previewing;
  gboolean              write_back_on;      /* confirmed by the session */
  gboolean              write_back_quiet;   /* the check set by code, not the reviewer */
  GtkStringList        *tables;
  GPtrArray            *column_rows;   /* ColumnRow */
  PrMapping            *guessed;
  GSettings            *column_names;   /* nullable: the display names given */
  GtkSizeGroup         *slots[N_SLOTS]; /* each part of a column's row as wide on every row */
};

G_DEFINE_FINAL_TYPE (PrMappingPage, pr_mapping_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_WRITE_BACK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
emit_error (PrMappingPage *self,
            const char    *what,
            const GError  *error)
{
  g_signal_emit (self, signals[ERROR], 0, what, error);
}

/* One column of the mapping page. */
typedef struct {
  char      *name;
  GtkWidget *role;
  GtkWidget *weight;
  GtkWidget *petitioner;  /* drop-down: what the column tells of who sent the record */
  GtkWidget *encoding;    /* a short field's or text's encoding in the table */
  GtkWidget *date_order;  /* a date column's order for 08/06/2019 */
  GtkWidget *label;       /* entry: the name shown for it (compare, explain, the report) */
  char      *catalogue_label;  /* the column's comment, else "" */
} ColumnRow;

/* The encodings offered for a column, as iconv names them, in the order
 * of the template's encoding_names; item 0, NULL: as the server says
 * (checked for text in another encoding). */
static const char *const encodings[] = { NULL, "UTF-8", "GBK", "GB18030", "BIG5", "ISO-8859-1" };

/* The date orders offered, item 0 none: a day-first or month-first date
 * is refused. */
static const PrDateOrder date_orders[] = {
  PR_DATE_ORDER_UNSET, PR_DATE_ORDER_DMY, PR_DATE_ORDER_MDY, PR_DATE_ORDER_YMD,
};

static void
column_row_free (ColumnRow *row)
{
  g_free (row->name);
  g_free (row->catalogue_label);
  g_free (row);
}

/* The case's roles after the others: the rules read them (pr-case-rules.c). */
static const PrColumnRole role_order[] = {
  PR_COLUMN_ROLE_ID, PR_COLUMN_ROLE_SHORT, PR_COLUMN_ROLE_TEXT, PR_COLUMN_ROLE_DATE, PR_COLUMN_ROLE_IGNORE,
  PR_COLUMN_ROLE_STATUS, PR_COLUMN_ROLE_ACCEPTED, PR_COLUMN_ROLE_UNIT,
};

/* The role drop-down's last item: a short field naming the matter's category. */
#define ROLE_CATEGORY G_N_ELEMENTS (role_order)

/* The column chosen in a write-back dropdown; NULL for "none" (item 0). */
static const char *
chosen_column (GtkWidget *dropdown)
{
  guint at = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  GtkStringObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (dropdown));

  return at == 0 || item == NULL ? NULL : gtk_string_object_get_string (item);
}

static void
preview_ready (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PrMappingPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = pr_session_preview_finish (PR_SESSION (object), result, &error);
  g_autofree char *text = NULL;

  if (lines == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->preview_label), error->message);
      return;
    }
  g_ptr_array_add (lines, NULL);
  text = g_strjoinv ("\n\n", (char **) lines->pdata);
  gtk_label_set_text (GTK_LABEL (self->preview_label), text);
}

/* The preview follows the mapping as the reviewer changes it. */
static void
refresh_preview (PrMappingPage *self)
{
  GtkStringObject *table;
  g_autoptr(GError) error = NULL;
  g_autoptr(PrMapping) mapping = NULL;

  /* Signals of the template's widgets come before the window is whole. */
  if (self->column_rows == NULL)
    return;
  table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));
  if (table == NULL)
    return;
  /* The window compares the table's last scan with the mapping. */
  g_signal_emit (self, signals[CHANGED], 0);
  mapping = pr_mapping_page_make_mapping (self, &error);
  if (mapping == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->preview_label), error->message);
      return;
    }
  if (self->previewing != NULL)
    g_cancellable_cancel (self->previewing);
  g_clear_object (&self->previewing);
  self->previewing = g_cancellable_new ();
  pr_session_set_date_order (self->session, pr_mapping_page_get_date_order (self));
  pr_session_preview_async (self->session, gtk_string_object_get_string (table), mapping, 5,
                            self->previewing, preview_ready, g_object_ref (self));
}

static void write_back_toggled (PrMappingPage *self);

/* The role @row's dropdown gives the column's words (a category is a
 * short field). */
static PrColumnRole
row_role (ColumnRow *row)
{
  guint r = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role));

  if (r == ROLE_CATEGORY)
    return PR_COLUMN_ROLE_SHORT;
  return r < G_N_ELEMENTS (role_order) ? role_order[r] : PR_COLUMN_ROLE_IGNORE;
}

/* A column given another role takes that role's weight, the one the
 * CLI's --short or --text gives it: else a column the guess called a text
 * (weight 1) or ignored (the least, 0.5) and the reviewer made a short
 * field would keep that weight, and the window's clusters would not be
 * those of `scan` with the same mapping. */
static void
reset_weight (ColumnRow *row)
{
  PrColumnRole role = row_role (row);

  if (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->weight), pr_column_role_default_weight (role));
}

/* A weight means something for short fields and texts only, and only a
 * short field (a name, a phone number) tells who the petitioner is. */
static void
update_weight_sensitivity (ColumnRow *row)
{
  PrColumnRole role = row_role (row);

  gtk_widget_set_sensitive (row->weight, role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT);
  gtk_widget_set_sensitive (row->petitioner, role == PR_COLUMN_ROLE_SHORT);
  gtk_widget_set_visible (row->encoding, role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT);
  gtk_widget_set_visible (row->date_order, role == PR_COLUMN_ROLE_DATE);
}

/* The write-back section for a newly chosen table: off, "none" chosen. */
static void
fill_write_back (PrMappingPage *self,
                 GPtrArray     *columns)
{
  g_autoptr(GtkStringList) repeat_of = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) status = gtk_string_list_new (NULL);

  gtk_string_list_append (repeat_of, _("(none)"));
  gtk_string_list_append (status, _("(none)"));
  for (guint i = 0; i < columns->len; i++)
    {
      gtk_string_list_append (repeat_of, ((PrColumnInfo *) columns->pdata[i])->name);
      gtk_string_list_append (status, ((PrColumnInfo *) columns->pdata[i])->name);
    }
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->repeat_of_dropdown), G_LIST_MODEL (repeat_of));
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->status_dropdown), G_LIST_MODEL (status));
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check)))
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
}

static void
set_write_back_widgets (PrMappingPage *self)
{
  gboolean editable = !gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check));

  gtk_widget_set_sensitive (self->repeat_of_dropdown, editable);
  gtk_widget_set_sensitive (self->status_dropdown, editable);
  gtk_widget_set_sensitive (self->status_repeat_entry, editable);
  gtk_widget_set_sensitive (self->status_not_repeat_entry, editable);
}

static void
write_back_set (PrMappingPage *self,
                GAsyncResult  *result,
                gboolean       wanted)
{
  g_autoptr(GError) error = NULL;

  if (!pr_session_set_write_back_finish (self->session, result, &error))
    {
      emit_error (self, _("Write-back stays off"), error);
      self->write_back_quiet = TRUE;
      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
      self->write_back_quiet = FALSE;
      set_write_back_widgets (self);
      self->write_back_on = FALSE;
      return;
    }
  self->write_back_on = wanted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRITE_BACK]);
}

static void
write_back_switched_on (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(PrMappingPage) self = user_data;

  write_back_set (self, result, TRUE);
}

static void
write_back_switched_off (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(PrMappingPage) self = user_data;

  write_back_set (self, result, FALSE);
}

/* The reviewer switched write-back on or off. On: the session checks the
 * columns and the privilege before anything is written. */
static void
write_back_toggled (PrMappingPage *self)
{
  gboolean on = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->write_back_check));
  GtkStringObject *table;
  PrWriteBack *write_back = NULL;
  const char *id_column = NULL;

  if (self->column_rows == NULL)
    return;
  set_write_back_widgets (self);
  if (self->write_back_quiet)
    return;
  table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));
  if (on)
    {
      const char *repeat_of = chosen_column (self->repeat_of_dropdown);
      const char *status = chosen_column (self->status_dropdown);
      const char *status_repeat = gtk_editable_get_text (GTK_EDITABLE (self->status_repeat_entry));
      const char *status_not_repeat = gtk_editable_get_text (GTK_EDITABLE (self->status_not_repeat_entry));

      for (guint i = 0; i < self->column_rows->len; i++)
        {
          ColumnRow *row = self->column_rows->pdata[i];

          if (role_order[MIN (gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role)), G_N_ELEMENTS (role_order) - 1)]
              == PR_COLUMN_ROLE_ID)
            id_column = row->name;
        }
      if (table == NULL || id_column == NULL || (repeat_of == NULL && status == NULL) ||
          (status != NULL && (status_repeat[0] == '\0' || status_not_repeat[0] == '\0')))
        {
          g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                                         _("choose the id column, and a column for the primary's id "
                                                           "or a status column with both of its words"));

          emit_error (self, _("Write-back stays off"), error);
          self->write_back_quiet = TRUE;
          gtk_check_button_set_active (GTK_CHECK_BUTTON (self->write_back_check), FALSE);
          self->write_back_quiet = FALSE;
          set_write_back_widgets (self);
          return;
        }
      write_back = pr_write_back_new (gtk_string_object_get_string (table), id_column, repeat_of, status,
                                      status != NULL ? status_repeat : NULL, status != NULL ? status_not_repeat : NULL);
    }
  pr_session_set_write_back_async (self->session, write_back,
                                   on ? write_back_switched_on : write_back_switched_off, g_object_ref (self));
}

/* A display name given is kept for the next time the table is mapped;
 * the catalogue's own is not (it may change in the database). */
static void
label_changed (PrMappingPage *self,
               GtkEditable   *entry)
{
  ColumnRow *row = g_object_get_data (G_OBJECT (entry), "column-row");
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  gboolean own = text[0] != '\0' && g_strcmp0 (text, row->catalogue_label) != 0;

  pr_column_names_remember (self->column_names, pr_session_get_database (self->session),
                            pr_mapping_page_get_table (self), row->name, own ? text : NULL);
  refresh_preview (self);
}


/* A column's kind of data in words, for a clerk, rather than the
 * database's type name (varchar, int…), which its tooltip keeps. */
static const char *
data_kind (const char *data_type)
{
  static const struct {
    const char *types[8];
    const char *kind;
  } kinds[] = {
    { { "varchar", "char", "enum", "set", NULL }, N_("text") },
    { { "text", "tinytext", "mediumtext", "longtext", NULL }, N_("long text") },
    { { "int", "bigint", "smallint", "tinyint", "mediumint", "decimal", "float", "double" }, N_("number") },
    { { "datetime", "timestamp", NULL }, N_("date and time") },
    { { "date", NULL }, N_("date") },
    { { "time", NULL }, N_("time") },
    { { "blob", "tinyblob", "mediumblob", "longblob", "binary", "varbinary", NULL }, N_("binary data") },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint t = 0; t < G_N_ELEMENTS (kinds[k].types) && kinds[k].types[t] != NULL; t++)
      if (g_strcmp0 (data_type, kinds[k].types[t]) == 0)
        return _(kinds[k].kind);
  return data_type;
}
static void
fill_columns (PrMappingPage *self,
              GPtrArray     *columns)
{
  GtkWidget *child;
  g_autoptr(GtkStringList) roles = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) order_names = gtk_string_list_new (NULL);
  /* In the order of PrIdentityRole. */
  const char *const identity_names[] = {
    C_("identity", "Not the petitioner"), C_("identity", "Petitioner id"), C_("identity", "Name"),
    C_("identity", "ID card"), C_("identity", "Phone"), C_("identity", "Address"), NULL,
  };
  g_autoptr(GtkStringList) identities = gtk_string_list_new (identity_names);
  guint case_roles_taken;

  gtk_string_list_append (roles, _("Id"));
  gtk_string_list_append (roles, _("Short field"));
  gtk_string_list_append (roles, _("Text"));
  gtk_string_list_append (roles, _("Date"));
  gtk_string_list_append (roles, _("Ignore"));
  gtk_string_list_append (roles, _("Case status"));
  gtk_string_list_append (roles, _("Accepted date"));
  gtk_string_list_append (roles, _("Receiving unit"));
  gtk_string_list_append (roles, _("Category"));
  gtk_string_list_append (order_names, _("Date order not set"));
  gtk_string_list_append (order_names, _("Day-month-year"));
  gtk_string_list_append (order_names, _("Month-day-year"));
  gtk_string_list_append (order_names, _("Year-month-day"));

  pr_focus_leave (self->columns_box, NULL);
  while ((child = gtk_widget_get_first_child (self->columns_box)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->columns_box), child);
  g_ptr_array_set_size (self->column_rows, 0);
  fill_write_back (self, columns);
  g_clear_pointer (&self->guessed, pr_mapping_free);
  self->guessed = pr_catalog_guess_mapping (columns);

  /* Each case role once: the first column guessed for it. */
  case_roles_taken = 0;
  for (guint i = 0; i < columns->len; i++)
    {
      PrColumnInfo *info = columns->pdata[i];
      const PrMappingColumn *guess = NULL;
      ColumnRow *row = g_new0 (ColumnRow, 1);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *name = gtk_label_new (info->name);
      GtkWidget *type = gtk_label_new (data_kind (info->data_type));
      /* Said on every row: a bare number box told a clerk nothing. */
      GtkWidget *weight_caption = gtk_label_new (C_("column mapping", "Weight"));
      PrColumnRole role;
      g_autofree char *role_label = g_strdup_printf (_("Role of the column “%s”"), info->name);
      g_autofree char *weight_label = g_strdup_printf (_("Weight of the column “%s”"), info->name);
      g_autofree char *petitioner_label = g_strdup_printf (_("What the column “%s” tells of the petitioner"),
                                                           info->name);
      g_autofree char *encoding_label = g_strdup_printf (_("Encoding of the column “%s”"), info->name);
      g_autofree char *order_label = g_strdup_printf (_("Date order of the column “%s”"), info->name);
      g_autofree char *encoding_id = g_strdup_printf ("encoding-%s", info->name);
      g_autofree char *order_id = g_strdup_printf ("date-order-%s", info->name);
      g_autofree char *label_id = g_strdup_printf ("display-name-%s", info->name);
      g_autofree char *identity_id = g_strdup_printf ("identity-%s", info->name);
      g_autofree char *label_label = g_strdup_printf (_("Display name of the column “%s”"), info->name);
      g_autofree char *given = NULL;

      for (guint g = 0; g < pr_mapping_get_n_columns (self->guessed); g++)
        if (g_strcmp0 (pr_mapping_get_column (self->guessed, g)->name, info->name) == 0)
          guess = pr_mapping_get_column (self->guessed, g);
      role = guess != NULL ? guess->role : PR_COLUMN_ROLE_IGNORE;
      row->name = g_strdup (info->name);
      row->catalogue_label = g_strdup (info->comment != NULL ? info->comment : "");
      given = pr_column_names_lookup (self->column_names, pr_session_get_database (self->session),
                                      pr_mapping_page_get_table (self), info->name);
      row->label = gtk_entry_new ();
      gtk_widget_set_name (row->label, label_id);
      gtk_editable_set_text (GTK_EDITABLE (row->label), given != NULL ? given : row->catalogue_label);
      gtk_editable_set_width_chars (GTK_EDITABLE (row->label), 10);
      gtk_entry_set_placeholder_text (GTK_ENTRY (row->label), info->name);
      gtk_widget_set_tooltip_text (row->label,
                                   _("The name shown for this column when records are compared and in the "
                                     "report; the column's comment in the database, if it has one. Left "
                                     "empty: the column's name, or the role's for the id, the date and the "
                                     "petitioner"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->label), GTK_ACCESSIBLE_PROPERTY_LABEL, label_label, -1);
      row->role = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (roles)), NULL);
      {
        gboolean category = FALSE;
        PrColumnRole case_role = pr_catalog_guess_case_role (info, &category);

        /* A column guessed the record's date stays the date. */
        if (case_role != PR_COLUMN_ROLE_IGNORE && role != PR_COLUMN_ROLE_ID && role != PR_COLUMN_ROLE_DATE &&
            !(case_roles_taken & (1u << case_role)))
          {
            role = case_role;
            case_roles_taken |= 1u << case_role;
          }
        for (guint r = 0; r < G_N_ELEMENTS (role_order); r++)
          if (role_order[r] == role)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (row->role), r);
        if (category && (role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_IGNORE))
          gtk_drop_down_set_selected (GTK_DROP_DOWN (row->role), ROLE_CATEGORY);
      }
      row->weight = gtk_spin_button_new_with_range (0.5, 10, 0.5);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->weight),
                                 guess != NULL && guess->weight > 0 ? guess->weight : pr_column_role_default_weight (role));
      row->petitioner = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (identities)), NULL);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (row->petitioner), guess != NULL ? guess->identity : PR_IDENTITY_NONE);
      gtk_widget_set_name (row->petitioner, identity_id);
      row->encoding = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->encoding_names)), NULL);
      gtk_widget_set_name (row->encoding, encoding_id);
      gtk_widget_set_tooltip_text (row->encoding,
                                   _("The encoding the column's text is stored in, if not the one the table "
                                     "says (GBK text in a latin1 column)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->encoding), GTK_ACCESSIBLE_PROPERTY_LABEL, encoding_label, -1);
      row->date_order = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (order_names)), NULL);
      gtk_widget_set_name (row->date_order, order_id);
      gtk_widget_set_tooltip_text (row->date_order, _("How to read a date such as 08/06/2019"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->date_order), GTK_ACCESSIBLE_PROPERTY_LABEL, order_label, -1);
      /* The role's drop-down shows its choice, and the page's text above
       * says what each is: no tooltip. */
      gtk_widget_set_tooltip_text (row->weight,
                                   _("How much this column counts when records are compared: raise it for "
                                     "a column that tells repeats apart well"));
      gtk_widget_set_tooltip_text (row->petitioner,
                                   _("What this column tells of who sent the petition: an equal ID card, phone "
                                     "or petitioner id, or an equal name with an equal address, makes two "
                                     "records the same petitioner's, told from the same matter raised by others"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->role), GTK_ACCESSIBLE_PROPERTY_LABEL, role_label, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->weight), GTK_ACCESSIBLE_PROPERTY_LABEL, weight_label, -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->petitioner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      petitioner_label, -1);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (type, "dim-label");
      /* Translators: a column's type in the database (varchar, int…), shown on hover */
      {
        g_autofree char *type_tip = g_strdup_printf (_("In the database: %s"), info->data_type);

        gtk_widget_set_tooltip_text (type, type_tip);
      }
      /* The display names one under another, whatever the types. */
      gtk_label_set_width_chars (GTK_LABEL (type), 10);
      gtk_label_set_xalign (GTK_LABEL (type), 1);
      gtk_widget_add_css_class (weight_caption, "dim-label");
      /* Lined up from the left, the name's place as wide on every row: the
       * encoding and the date order take turns in the last place, which a
       * row without either (the id's) leaves empty at its end. */
      {
        GtkWidget *slotted[] = { name, type, row->label, row->role, weight_caption, row->weight, row->petitioner };

        for (guint w = 0; w < G_N_ELEMENTS (slotted); w++)
          gtk_size_group_add_widget (self->slots[w], slotted[w]);
      }
      gtk_box_append (GTK_BOX (box), name);
      gtk_box_append (GTK_BOX (box), type);
      gtk_box_append (GTK_BOX (box), row->label);
      gtk_box_append (GTK_BOX (box), row->role);
      gtk_box_append (GTK_BOX (box), weight_caption);
      gtk_box_append (GTK_BOX (box), row->weight);
      gtk_box_append (GTK_BOX (box), row->petitioner);
      gtk_box_append (GTK_BOX (box), row->encoding);
      gtk_box_append (GTK_BOX (box), row->date_order);
      gtk_widget_set_margin_start (box, 12);
      gtk_widget_set_margin_end (box, 12);
      gtk_widget_set_margin_top (box, 6);
      gtk_widget_set_margin_bottom (box, 6);
      gtk_list_box_append (GTK_LIST_BOX (self->columns_box), box);
      g_ptr_array_add (self->column_rows, row);
      update_weight_sensitivity (row);
      g_signal_connect_swapped (row->role, "notify::selected", G_CALLBACK (reset_weight), row);
      g_signal_connect_swapped (row->role, "notify::selected", G_CALLBACK (update_weight_sensitivity), row);
      g_signal_connect_object (row->role, "notify::selected", G_CALLBACK (refresh_preview), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (row->encoding, "notify::selected", G_CALLBACK (refresh_preview), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (row->date_order, "notify::selected", G_CALLBACK (refresh_preview), self,
                               G_CONNECT_SWAPPED);
      g_object_set_data (G_OBJECT (row->label), "column-row", row);
      g_signal_connect_object (row->label, "changed", G_CALLBACK (label_changed), self, G_CONNECT_SWAPPED);
    }
  refresh_preview (self);
}

static void
columns_loaded (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PrMappingPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) columns = pr_session_load_columns_finish (PR_SESSION (object), result, &error);

  if (columns == NULL)
    {
      emit_error (self, _("Cannot read the table's columns"), error);
      return;
    }
  fill_columns (self, columns);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
table_selected (PrMappingPage *self)
{
  GtkStringObject *table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));

  if (table == NULL)
    return;
  pr_session_load_columns_async (self->session, gtk_string_object_get_string (table), NULL,
                                 columns_loaded, g_object_ref (self));
}

/* The name a column is shown by: the one given (or the catalogue's);
 * else, for a column whose role says what it is, the role's own heading
 * in the reviewer's language; else (NULL) its name. */
static const char *
column_label (ColumnRow    *row,
              PrColumnRole  role)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row->label));

  while (g_ascii_isspace (*text))
    text++;
  if (*text != '\0')
    return text;
  if (role == PR_COLUMN_ROLE_ID)
    return C_("column heading", "Record id");
  if (role == PR_COLUMN_ROLE_DATE)
    return C_("column heading", "Date");
  if (role != PR_COLUMN_ROLE_SHORT)
    return NULL;
  switch (gtk_drop_down_get_selected (GTK_DROP_DOWN (row->petitioner)))
    {
    case PR_IDENTITY_PETITIONER:
      return C_("column heading", "Petitioner");
    case PR_IDENTITY_NAME:
      return C_("column heading", "Name");
    case PR_IDENTITY_ID_CARD:
      return C_("column heading", "ID card number");
    case PR_IDENTITY_PHONE:
      return C_("column heading", "Phone");
    case PR_IDENTITY_ADDRESS:
      return C_("column heading", "Address");
    default:
      return NULL;
    }
}

/**
 * pr_mapping_page_show_last_scan:
 * @label: (nullable): the button that opens the table's last scan
 *   (win.open-last-scan); %NULL hides it
 * @openable: whether that scan can be opened (it read the table with the
 *   columns chosen now)
 *
 * Offers the table's last complete scan beside Scan. One of the two is
 * the suggested action: opening the scan when it can be opened (the
 * clerk comes back to the work left), else scanning.
 */
void
pr_mapping_page_show_last_scan (PrMappingPage *self,
                                const char    *label,
                                const char    *tooltip,
                                gboolean       openable)
{
  if (label != NULL && openable)
    {
      gtk_widget_add_css_class (self->last_scan_button, "suggested-action");
      gtk_widget_remove_css_class (self->scan_button, "suggested-action");
    }
  else
    pr_mapping_page_suggest_scan (self);
  gtk_widget_set_visible (self->last_scan_button, label != NULL);
  if (label != NULL)
    gtk_button_set_label (GTK_BUTTON (self->last_scan_button), label);
  gtk_widget_set_tooltip_text (self->last_scan_button, tooltip);
}

/**
 * pr_mapping_page_suggest_scan:
 *
 * Makes Scan the suggested action, not the last scan's button: after the
 * last scan could not be opened, scanning is what is left to do.
 */
void
pr_mapping_page_suggest_scan (PrMappingPage *self)
{
  gtk_widget_remove_css_class (self->last_scan_button, "suggested-action");
  gtk_widget_add_css_class (self->scan_button, "suggested-action");
}

/**
 * pr_mapping_page_make_mapping:
 *
 * Returns: (transfer full) (nullable): the mapping as the reviewer set it,
 *   or %NULL with @error saying what to choose
 */
PrMapping *
pr_mapping_page_make_mapping (PrMappingPage  *self,
                              GError        **error)
{
  g_autoptr(PrMapping) mapping = pr_mapping_new ();

  for (guint i = 0; i < self->column_rows->len; i++)
    {
      ColumnRow *row = self->column_rows->pdata[i];
      guint r = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role));
      PrColumnRole role = r < G_N_ELEMENTS (role_order) ? role_order[r]
                          : r == ROLE_CATEGORY ? PR_COLUMN_ROLE_SHORT : PR_COLUMN_ROLE_IGNORE;

      /* A column that receives decisions is not part of the petition. */
      if (role == PR_COLUMN_ROLE_IGNORE || g_strcmp0 (row->name, chosen_column (self->repeat_of_dropdown)) == 0 ||
          g_strcmp0 (row->name, chosen_column (self->status_dropdown)) == 0)
        continue;
      if (!pr_mapping_add (mapping, row->name, role, gtk_spin_button_get_value (GTK_SPIN_BUTTON (row->weight)), error))
        return NULL;
      if (!pr_mapping_set_label (mapping, row->name, column_label (row, role), error))
        return NULL;
      /* The catalogue's word, kept in the guess. */
      for (guint g = 0; self->guessed != NULL && g < pr_mapping_get_n_columns (self->guessed); g++)
        if (g_strcmp0 (pr_mapping_get_column (self->guessed, g)->name, row->name) == 0)
          pr_mapping_set_json (mapping, row->name, pr_mapping_get_column (self->guessed, g)->json);
      if (r == ROLE_CATEGORY && !pr_mapping_set_category (mapping, row->name, error))
        return NULL;
      if (role == PR_COLUMN_ROLE_SHORT && gtk_drop_down_get_selected (GTK_DROP_DOWN (row->petitioner)) > PR_IDENTITY_NONE &&
          gtk_drop_down_get_selected (GTK_DROP_DOWN (row->petitioner)) < PR_IDENTITY_N_ROLES &&
          !pr_mapping_set_identity (mapping, row->name, gtk_drop_down_get_selected (GTK_DROP_DOWN (row->petitioner)),
                                    error))
        return NULL;
      if ((role == PR_COLUMN_ROLE_SHORT || role == PR_COLUMN_ROLE_TEXT) &&
          gtk_drop_down_get_selected (GTK_DROP_DOWN (row->encoding)) < G_N_ELEMENTS (encodings) &&
          encodings[gtk_drop_down_get_selected (GTK_DROP_DOWN (row->encoding))] != NULL &&
          !pr_mapping_set_encoding (mapping, row->name,
                                    encodings[gtk_drop_down_get_selected (GTK_DROP_DOWN (row->encoding))], error))
        return NULL;
    }
  /* As --force-encoding: each column read in its encoding even where a
   * value's bytes also read as UTF-8. */
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (self->force_encodings_check)))
    pr_mapping_force_encodings (mapping);
  if (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_ID) != 1)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("choose exactly one id column: the column that names each record"));
      return NULL;
    }
  if (pr_mapping_count_role (mapping, PR_COLUMN_ROLE_TEXT) + pr_mapping_count_role (mapping, PR_COLUMN_ROLE_SHORT) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("choose at least one text or short field to compare"));
      return NULL;
    }
  return g_steal_pointer (&mapping);
}

/* How to read 08/06/2019: the order chosen beside the date column, if
 * one is mapped. */
PrDateOrder
pr_mapping_page_get_date_order (PrMappingPage *self)
{
  for (guint i = 0; i < self->column_rows->len; i++)
    {
      ColumnRow *row = self->column_rows->pdata[i];
      guint r = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->role));
      guint o = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->date_order));

      if (r < G_N_ELEMENTS (role_order) && role_order[r] == PR_COLUMN_ROLE_DATE && o < G_N_ELEMENTS (date_orders))
        return date_orders[o];
    }
  return PR_DATE_ORDER_UNSET;
}

/**
 * pr_mapping_page_set_tables:
 * @tables: (element-type utf8): the connection's tables
 * @sample_table: (nullable): the table to choose first
 *
 * Lists @tables but the application's own and chooses one, whose columns
 * are then read.
 */
void
pr_mapping_page_set_tables (PrMappingPage *self,
                            GPtrArray     *tables,
                            const char    *sample_table)
{
  guint select = 0;

  /* Refilling the list moves the selection several times: the columns
   * are read once, for the table chosen at the end. */
  g_signal_handlers_block_by_func (self->table_dropdown, table_selected, self);
  gtk_string_list_splice (self->tables, 0, g_list_model_get_n_items (G_LIST_MODEL (self->tables)), NULL);
  for (guint i = 0; i < tables->len; i++)
    {
      /* The application's own tables are not petitions. */
      if (g_str_has_prefix (tables->pdata[i], "pr_"))
        continue;
      if (g_strcmp0 (tables->pdata[i], sample_table) == 0)
        select = g_list_model_get_n_items (G_LIST_MODEL (self->tables));
      gtk_string_list_append (self->tables, tables->pdata[i]);
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->table_dropdown), select);
  g_signal_handlers_unblock_by_func (self->table_dropdown, table_selected, self);
  table_selected (self);
}

/* The write-back was dropped with the connection. */
void
pr_mapping_page_forget_write_back (PrMappingPage *self)
{
  self->write_back_on = FALSE;
}

/* Returns: (nullable): the table chosen */
const char *
pr_mapping_page_get_table (PrMappingPage *self)
{
  GtkStringObject *table = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (self->table_dropdown));

  return table != NULL ? gtk_string_object_get_string (table) : NULL;
}

guint
pr_mapping_page_get_k (PrMappingPage *self)
{
  return (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->k_spin));
}

/* TRUE while the session writes decisions into the source table. */
gboolean
pr_mapping_page_get_write_back (PrMappingPage *self)
{
  return self->write_back_on;
}

void
pr_mapping_page_set_session (PrMappingPage *self,
                             PrSession     *session)
{
  g_set_object (&self->session, session);
}

/* GObject */

static void
pr_mapping_page_dispose (GObject *object)
{
  PrMappingPage *self = PR_MAPPING_PAGE (object);
  GtkWidget *child;

  if (self->previewing != NULL)
    g_cancellable_cancel (self->previewing);
  g_clear_object (&self->previewing);
  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_MAPPING_PAGE);
  /* The template's top box is not bound: unparented here. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->tables);
  g_clear_object (&self->session);
  g_clear_pointer (&self->column_rows, g_ptr_array_unref);
  for (guint i = 0; i < N_SLOTS; i++)
    g_clear_object (&self->slots[i]);
  g_clear_pointer (&self->guessed, pr_mapping_free);
  g_clear_object (&self->column_names);

  G_OBJECT_CLASS (pr_mapping_page_parent_class)->dispose (object);
}

static void
pr_mapping_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PrMappingPage *self = PR_MAPPING_PAGE (object);

  switch (prop_id)
    {
    case PROP_WRITE_BACK:
      g_value_set_boolean (value, self->write_back_on);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_mapping_page_class_init (PrMappingPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_mapping_page_dispose;
  object_class->get_property = pr_mapping_page_get_property;

  /* Whether the session writes decisions into the source table (the
   * reviewer switched it on, and the session checked it). */
  properties[PROP_WRITE_BACK] = g_param_spec_boolean ("write-back", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                      G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The columns of a newly chosen table are listed, or the mapping changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Something failed: what (for the reviewer), and the error. */
  signals[ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-mapping-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PrMappingPage, name)
  BIND (table_dropdown);
  BIND (last_scan_button);
  BIND (scan_button);
  BIND (k_spin);
  BIND (columns_box);
  BIND (preview_label);
  BIND (write_back_check);
  BIND (repeat_of_dropdown);
  BIND (status_dropdown);
  BIND (status_repeat_entry);
  BIND (status_not_repeat_entry);
  BIND (force_encodings_check);
  BIND (encoding_names);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, write_back_toggled);
  gtk_widget_class_bind_template_callback (widget_class, refresh_preview);
}

static void
pr_mapping_page_init (PrMappingPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_assert (g_list_model_get_n_items (G_LIST_MODEL (self->encoding_names)) == G_N_ELEMENTS (encodings));

  self->column_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) column_row_free);
  for (guint i = 0; i < N_SLOTS; i++)
    self->slots[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->column_names = pr_column_names_settings ();
  gtk_editable_set_text (GTK_EDITABLE (self->status_repeat_entry), C_("status written", "repeat"));
  gtk_editable_set_text (GTK_EDITABLE (self->status_not_repeat_entry), C_("status written", "not a repeat"));
  self->tables = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->table_dropdown), G_LIST_MODEL (self->tables));
  g_signal_connect_swapped (self->table_dropdown, "notify::selected", G_CALLBACK (table_selected), self);
}
