/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrMemberStrip: the records of the case shown in the compare view, one
 * card each across the top: its id, its fingerprint distance to the
 * primary and its verdict as a badge. A click or the arrow keys choose a
 * record ("member-chosen"); the compare view then puts it beside the
 * primary. A list view, so that only the cards in view are made: a case of
 * 1,000 records costs what a case of ten does. Scrolled past the primary's
 * card, the strip shows it pinned at its left.
 */
#define G_LOG_DOMAIN "pr-member-strip"

#include "config.h"

#include <glib/gi18n.h>

#include "pr-member-strip.h"
#include "pr-hand-scroll.h"
#include "pr-paced-model.h"
#include "pr-score-view.h"

struct _PrMemberStrip
{
  GtkWidget           parent_instance;

  GtkWidget          *box;       /* bound for gtk_widget_dispose_template () to unparent */
  GtkWidget          *scroller;
  GtkWidget          *list;
  GtkWidget          *pinned;    /* the primary's card while the list's is scrolled away */
  guint               pin_source; /* the idle that shows or hides it after a scroll */
  gboolean            reveal_wait; /* the next frame's layout first: the strip's width changed */
  GtkSingleSelection *selection;
  GtkStringList      *places;    /* one empty string per record */
  PrPacedModel       *paced;     /* the places, a slice of new cards per turn */
  guint               wanted;    /* the card to select once made, or G_MAXUINT */
  GPtrArray          *bound;     /* GtkListItem: the cards made, to refresh */
  PrClusterItem      *item;
  char               *primary_id; /* the item's primary when shown */
  gboolean            choosing;  /* the selection is being set, not chosen */
  guint               reveal;    /* the tick that scrolls the chosen card into view */
  gboolean            user_scrolled; /* the clerk scrolled the strip since the last choice */
  guint               reveal_frames; /* how many frames it has looked */
  double              asked_upper;   /* the strip's length when its scroll was last asked */
};

G_DEFINE_FINAL_TYPE (PrMemberStrip, pr_member_strip, GTK_TYPE_WIDGET)

enum { MEMBER_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

/**
 * pr_member_strip_verdict:
 * @css_class: (out) (optional): the badge's style class
 *
 * Returns: the verdict on member @member of @item as its badge says it
 */
const char *
pr_member_strip_verdict (PrClusterItem *item,
                         guint          member,
                         const char   **css_class)
{
  const char *klass, *text;

  if (member == 0)
    {
      klass = "badge-primary";
      /* Translators: the badge of the case's primary record (主件) */
      text = C_("verdict", "Primary");
    }
  else
    switch (pr_cluster_item_get_member (item, member)->state)
      {
      case PR_MEMBER_REPEAT:
        klass = "badge-repeat";
        /* Translators: a badge: the record was decided a repeat (重复) */
        text = C_("verdict", "Repeat");
        break;
      case PR_MEMBER_NOT_REPEAT:
        klass = "badge-not-repeat";
        /* Translators: a badge: the record was decided not a repeat (不是重复) */
        text = C_("verdict", "Not a repeat");
        break;
      default:
        klass = "badge-undecided";
        /* Translators: a badge: no verdict yet (未决) */
        text = C_("verdict", "Undecided");
      }
  if (css_class != NULL)
    *css_class = klass;
  return text;
}

/* Puts a card's id, distance and badge labels in @card. */
static void
add_card_labels (GtkWidget *card)
{
  GtkWidget *id = gtk_label_new (NULL);
  GtkWidget *distance = gtk_label_new (NULL);
  GtkWidget *badge = gtk_label_new (NULL);

  gtk_widget_add_css_class (id, "member-id");
  gtk_label_set_ellipsize (GTK_LABEL (id), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (id), 14);
  gtk_widget_add_css_class (distance, "dim-label");
  gtk_widget_add_css_class (badge, "badge");
  gtk_widget_set_halign (badge, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (id), 0);
  gtk_label_set_xalign (GTK_LABEL (distance), 0);
  gtk_box_append (GTK_BOX (card), id);
  gtk_box_append (GTK_BOX (card), distance);
  gtk_box_append (GTK_BOX (card), badge);
}

static void
setup_card (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  gtk_widget_add_css_class (card, "member-card");
  add_card_labels (card);
  gtk_list_item_set_child (list_item, card);
}

/* Fills @card with the record at @position of the case. */
static void
fill_card_at (PrMemberStrip *self,
              GtkWidget     *card,
              guint          position)
{
  GtkWidget *id = gtk_widget_get_first_child (card);
  GtkWidget *distance = gtk_widget_get_next_sibling (id);
  GtkWidget *badge = gtk_widget_get_next_sibling (distance);
  PrClusterMember *member;
  g_autofree char *distance_text = NULL;
  g_autofree char *description = NULL;
  const char *css_class = NULL;
  const char *verdict;
  static const char *const classes[] = { "badge-primary", "badge-repeat", "badge-not-repeat", "badge-undecided" };

  if (self->item == NULL || position >= pr_cluster_item_get_n_members (self->item))
    return;
  member = pr_cluster_item_get_member (self->item, position);
  verdict = pr_member_strip_verdict (self->item, position, &css_class);
  if (position == 0)
    /* Translators: the primary's card in the strip of a case's records */
    distance_text = g_strdup (_("★ the primary"));
  else
    /* Translators: a record's fingerprint distance to the primary, in bits */
    distance_text = g_strdup_printf (_("distance %u"), member->distance);
  pr_score_view_add_probability (GTK_WIDGET (self), self->item, position, &distance_text);
  gtk_label_set_text (GTK_LABEL (id), member->id);
  gtk_label_set_text (GTK_LABEL (distance), distance_text);
  gtk_label_set_text (GTK_LABEL (badge), verdict);
  for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
    gtk_widget_remove_css_class (badge, classes[c]);
  gtk_widget_add_css_class (badge, css_class);
  /* The primary's card says so once, on the line above: no badge besides. */
  gtk_widget_set_visible (badge, position != 0);
  if (position == 0)
    /* Translators: the primary's card, read out: id, then “★ the primary” */
    description = g_strdup_printf (_("%s, %s"), member->id, distance_text);
  else
    /* Translators: a record's card, read out: id, distance text, verdict */
    description = g_strdup_printf (_("%s, %s, %s"), member->id, distance_text, verdict);
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
fill_card (PrMemberStrip *self,
           GtkListItem   *list_item)
{
  fill_card_at (self, gtk_list_item_get_child (list_item), gtk_list_item_get_position (list_item));
}

/* The primary's card pinned while the strip is scrolled at all: the
 * list's own is then cut at the left edge or out of view. */
static void
update_pinned (PrMemberStrip *self)
{
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gboolean pin = self->item != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->places)) > 1 &&
                 gtk_adjustment_get_value (hadjustment) > 0.5;

  if (pin)
    fill_card_at (self, self->pinned, 0);
  if (pin == gtk_widget_get_visible (self->pinned))
    return;
  gtk_widget_set_visible (self->pinned, pin);
  /* The list is narrower or wider by the pinned card: a card being
   * brought into view is looked at again once laid out so. */
  if (self->reveal != 0)
    self->reveal_wait = TRUE;
}

static gboolean
update_pinned_idle (gpointer data)
{
  PrMemberStrip *self = data;

  self->pin_source = 0;
  update_pinned (self);
  return G_SOURCE_REMOVE;
}

/* The strip scrolls while it is laid out (to the card chosen): the
 * pinned card is shown or hidden after, not in the middle of it. */
static void
scrolled (PrMemberStrip *self)
{
  if (self->pin_source == 0)
    /* Before the next frame, which a lower priority would wait behind. */
    self->pin_source = g_idle_add_full (G_PRIORITY_DEFAULT, update_pinned_idle, self, NULL);
}

static void
bind_card (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           PrMemberStrip            *self)
{
  g_ptr_array_add (self->bound, list_item);
  fill_card (self, list_item);
}

static void
unbind_card (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             PrMemberStrip            *self)
{
  g_ptr_array_remove_fast (self->bound, list_item);
}

static void
selection_changed (PrMemberStrip *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (self->choosing || selected == GTK_INVALID_LIST_POSITION)
    return;
  g_signal_emit (self, signals[MEMBER_CHOSEN], 0, selected);
}

static void select_card (PrMemberStrip *self,
                         guint          member,
                         gboolean       reveal);

static void
select_wanted (PrMemberStrip *self)
{
  if (self->wanted != G_MAXUINT && !pr_paced_model_get_pending (self->paced))
    select_card (self, self->wanted, !self->user_scrolled);
}

/* At most this many frames the chosen card is looked for: a card that
 * never comes (a list emptied meanwhile) does not keep the clock going. */
#define REVEAL_MAX_FRAMES 600

static GtkWidget *
find_card (PrMemberStrip *self,
           guint          position)
{
  for (guint i = 0; i < self->bound->len; i++)
    if (gtk_list_item_get_position (self->bound->pdata[i]) == position)
      return gtk_list_item_get_child (self->bound->pdata[i]);
  return NULL;
}

/* The list view's own scroll to @position, and how far the strip
 * reached when it was asked. */
static void
ask_scroll (PrMemberStrip *self,
            guint          position)
{
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  self->asked_upper = gtk_adjustment_get_upper (hadjustment);
  gtk_widget_activate_action (self->list, "list.scroll-to-item", "u", position);
}

/* Scrolls the chosen card into the strip's view once the list is laid
 * out. The list view's scroll-to-item alone is not enough: asked before
 * the list had measured the cards (cards come a slice per turn from an
 * idle, which under load may run after a record far along was chosen),
 * GTK 4.8 scrolls nowhere, and the card judged stays out of view for
 * good. So each frame, until it is in view, the card is looked for; not
 * laid out, the scroll is asked again once the list has measured more;
 * laid out, the strip is scrolled to it. */
static gboolean
reveal_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  PrMemberStrip *self = PR_MEMBER_STRIP (widget);
  guint selected = gtk_single_selection_get_selected (self->selection);
  GtkAdjustment *hadjustment = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *card;
  graphene_rect_t bounds;
  double value, left, right;

  if (selected == GTK_INVALID_LIST_POSITION || ++self->reveal_frames > REVEAL_MAX_FRAMES)
    goto done;
  /* The cards' places are the last layout's until the next. */
  if (self->reveal_wait)
    {
      self->reveal_wait = FALSE;
      return G_SOURCE_CONTINUE;
    }
  if (pr_paced_model_get_pending (self->paced))
    return G_SOURCE_CONTINUE;
  card = find_card (self, selected);
  /* Not made (far along a long case), or out of the range the list lays
   * out (unmapped, its place stale). The scroll is asked again only once
   * the list has measured cards it had not: asked at every frame, it
   * would take the list off its course. */
  if (card == NULL || !gtk_widget_get_mapped (card) ||
      !gtk_widget_compute_bounds (card, self->scroller, &bounds) || bounds.size.width <= 0)
    {
      if (gtk_adjustment_get_upper (hadjustment) != self->asked_upper)
        ask_scroll (self, selected);
      return G_SOURCE_CONTINUE;
    }
  if (bounds.origin.x >= -0.5 && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (self->scroller) + 0.5)
    goto done;
  value = gtk_adjustment_get_value (hadjustment);
  left = value + bounds.origin.x;
  right = left + bounds.size.width;
  gtk_adjustment_clamp_page (hadjustment, left, right);
  /* Nothing moved: as far as the strip goes (a card wider than it). */
  if (gtk_adjustment_get_value (hadjustment) == value)
    goto done;
  return G_SOURCE_CONTINUE;

done:
  self->reveal = 0;
  return G_SOURCE_REMOVE;
}

/* The clerk scrolls the strip by hand (wheel, touchpad, scroll bar,
 * touch, a key): the card chosen is no longer brought into view, not
 * now nor once made, else the strip would pull them back to it. The
 * next choice brings its card into view again. */
static void
user_scrolls (PrMemberStrip *self)
{
  self->user_scrolled = TRUE;
  if (self->reveal != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal);
  self->reveal = 0;
}

static void
reveal_selected (PrMemberStrip *self)
{
  self->reveal_frames = 0;
  if (self->reveal == 0)
    self->reveal = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_tick, NULL, NULL);
}

static void
pr_member_strip_dispose (GObject *object)
{
  PrMemberStrip *self = PR_MEMBER_STRIP (object);

  if (self->reveal != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal);
  self->reveal = 0;
  g_clear_handle_id (&self->pin_source, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), PR_TYPE_MEMBER_STRIP);
  g_clear_object (&self->selection);
  g_clear_object (&self->paced);
  g_clear_object (&self->places);
  g_clear_object (&self->item);
  g_clear_pointer (&self->primary_id, g_free);
  g_clear_pointer (&self->bound, g_ptr_array_unref);

  G_OBJECT_CLASS (pr_member_strip_parent_class)->dispose (object);
}

/* A click on the pinned card chooses the primary, as on its own card. */
static void
pinned_released (PrMemberStrip *self)
{
  self->user_scrolled = FALSE;
  select_card (self, 0, TRUE);
  g_signal_emit (self, signals[MEMBER_CHOSEN], 0, 0u);
}

static void
pr_member_strip_class_init (PrMemberStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pr_member_strip_dispose;

  /**
   * PrMemberStrip::member-chosen:
   * @member: the record's place in the case
   *
   * The reviewer chose a record, by a click or a key.
   */
  signals[MEMBER_CHOSEN] = g_signal_new ("member-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/petitionreview/PetitionReview/pr-member-strip.ui");
  gtk_widget_class_bind_template_child (widget_class, PrMemberStrip, box);
  gtk_widget_class_bind_template_child (widget_class, PrMemberStrip, scroller);
  gtk_widget_class_bind_template_child (widget_class, PrMemberStrip, list);
  gtk_widget_class_bind_template_child (widget_class, PrMemberStrip, pinned);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
pr_member_strip_init (PrMemberStrip *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  add_card_labels (self->pinned);
  {
    GtkGesture *click = gtk_gesture_click_new ();

    g_signal_connect_object (click, "released", G_CALLBACK (pinned_released), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (self->pinned, GTK_EVENT_CONTROLLER (click));
  }
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)), "value-changed",
                           G_CALLBACK (scrolled), self, G_CONNECT_SWAPPED);
  /* The clerk's hand on the strip; a click on a card chooses it, and so
   * brings it into view anew. */
  pr_hand_scroll_watch (self->scroller, (PrHandFunc) user_scrolls, self);
  self->bound = g_ptr_array_new ();
  self->places = gtk_string_list_new (NULL);
  /* A first case of 1,000 records makes some 200 cards: a slice per
   * turn rather than all in one. */
  self->paced = pr_paced_model_new (G_LIST_MODEL (self->places));
  self->wanted = G_MAXUINT;
  g_signal_connect_object (self->paced, "notify::pending", G_CALLBACK (select_wanted), self, G_CONNECT_SWAPPED);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->paced)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, FALSE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_card), NULL);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_card), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_card), self, 0);
  gtk_list_view_set_factory (GTK_LIST_VIEW (self->list), factory);
  g_object_unref (factory);
  gtk_list_view_set_model (GTK_LIST_VIEW (self->list), GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (selection_changed), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
pr_member_strip_new (void)
{
  return g_object_new (PR_TYPE_MEMBER_STRIP, NULL);
}

/* Shows the first @n_members records of @item (nullable), @selected chosen.
 *
 * The list's items are only places: the cards read their record from the
 * item by their position. So a case shown after another keeps the cards
 * made (GTK 4.8's list view makes some 200, which cost tens of
 * milliseconds to make again) and only fills them anew; the list grows or
 * shrinks at its end. After a verdict, the same case keeps the keyboard
 * focus in the strip so. */
void
pr_member_strip_set_item (PrMemberStrip *self,
                          PrClusterItem *item,
                          guint          n_members,
                          guint          selected)
{
  guint n_places = g_list_model_get_n_items (G_LIST_MODEL (self->places));

  const char *primary_id = item != NULL ? pr_cluster_item_get_primary_id (item) : NULL;

  /* Another case opens at its start, the primary's card in view, not as
   * far along as the clerk had scrolled the case before; so does the same
   * case with another primary, whose card is now the first. */
  if (item != self->item || g_strcmp0 (primary_id, self->primary_id) != 0)
    gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
  g_set_object (&self->item, item);
  g_free (self->primary_id);
  self->primary_id = g_strdup (primary_id);
  if (item == NULL)
    n_members = 0;
  self->choosing = TRUE;
  if (n_members != n_places)
    {
      g_autofree const char **added = NULL;

      if (n_members > n_places)
        {
          added = g_new0 (const char *, n_members - n_places + 1);
          for (guint i = 0; i < n_members - n_places; i++)
            added[i] = "";
        }
      gtk_string_list_splice (self->places, MIN (n_members, n_places), n_places - MIN (n_members, n_places),
                              added);
    }
  self->choosing = FALSE;
  /* Fewer cards go at once: dropping them is cheap. */
  if (n_members < n_places)
    pr_paced_model_flush (self->paced);
  for (guint i = 0; i < self->bound->len; i++)
    fill_card (self, self->bound->pdata[i]);
  update_pinned (self);
  if (n_members > 0)
    pr_member_strip_select (self, MIN (selected, n_members - 1));
}

/* Selects @member's card, and if @reveal scrolls it into view. */
static void
select_card (PrMemberStrip *self,
             guint          member,
             gboolean       reveal)
{
  /* A card not made yet is selected once it is. */
  self->wanted = G_MAXUINT;
  if (member >= g_list_model_get_n_items (G_LIST_MODEL (self->paced)))
    {
      self->wanted = member;
      return;
    }
  self->choosing = TRUE;
  gtk_single_selection_set_selected (self->selection, member);
  self->choosing = FALSE;
  if (!reveal)
    return;
  ask_scroll (self, member);
  reveal_selected (self);
}

/* Selects @member's card and scrolls it into view, without "member-chosen". */
void
pr_member_strip_select (PrMemberStrip *self,
                        guint          member)
{
  self->user_scrolled = FALSE;
  select_card (self, member, TRUE);
}
