/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * PrPacedModel: a list model that follows another, passing a large
 * change on a slice of rows per turn of the main loop.
 *
 * GTK 4.8's list and column views keep some 200 rows made around the
 * rows in view. A change that puts other items in all of them (a filter
 * or an order that replaces the rows in view) drops and makes those 200
 * rows, each of eight cells, in the one turn that tells of the change:
 * over 50 ms. Told of the same change a slice at a time, from an idle
 * below the frame's priority, the view makes a slice of rows per turn
 * and paints between them.
 *
 * A small change goes through at once, as the model it follows told it.
 * A large one is applied from the front: each turn the rows both lists
 * start and end with are left alone, and a slice of the rows that
 * differ is taken out and a slice of the wanted ones put in. Past the
 * rows a view keeps made, the rest goes in one change, which costs the
 * view little. The item to keep (the selected one) is never taken out
 * while it stays: the rows before it are replaced around it until it
 * stands where it belongs, so a selection model keeps it selected. When
 * a change gathered while paused only takes rows out, it goes last: a
 * selection model beside would choose the next row each time a slice
 * took its item out.
 *
 * Told which rows the view has made (pr_paced_model_set_made_func ()),
 * the model paces only those: the rows before and after them change at
 * once, wherever the view is scrolled. (GTK 4.8's list keeps its rows
 * made around the row it is anchored to, which follows its item: rows
 * taken out past the 256th are not always rows it has not made.)
 *
 * Above the row the view is anchored to (the selected, as a search
 * cleared leaves it), the rows nearest it go in first, and past those the
 * view makes above it the rest at once (fill_above ()).
 *
 * Below the row the view is anchored to, the rows made are kept: each
 * wanted item is moved into place, or put in where the view hands it the
 * row it would otherwise drop (see place_keeping_rows ()), for a row made
 * or dropped makes GTK 4.8 measure every row again in the next frame.
 *
 * The model never holds an item twice, not even between two slices: GTK
 * 4.8's list view finds a row's widget by its item, and an item held
 * twice can leave a row showing one item while a click on it selects
 * another. A slice that would put in an item still shown further down
 * (a new order, a filter that narrows) gives way to the rest of the
 * change in one, in which the view finds its rows again by their items.
 *
 * Told of the view (pr_paced_model_set_view ()), a slice waits for the
 * frame that lays out the one before: an idle alone runs several slices
 * between two frames, and that frame lays out all of their rows in one
 * turn.
 */
#define G_LOG_DOMAIN "pr-paced-model"

#include "config.h"

#include "pr-paced-model.h"

#include <string.h>
#include <time.h>

#include <gtk/gtk.h>

/* Rows per turn: GTK 4.8 makes a row of the cluster list's eight cells
 * in some 0.3 ms, more on a loaded machine. */
#define DEFAULT_SLICE 24
/* Past this position, rows are beyond those a view keeps made (GTK 4.8
 * keeps 200 around the top row in view). */
#define MADE_ROWS 256
/* The main thread's time a slice of rows made may take (microseconds):
 * the frame after lays them out in about as much again. */
#define SLICE_BUDGET 12000
/* How long a slice waits for the view's frame at most (milliseconds): a
 * hidden window paints none; under a sanitizer a frame may take a few
 * hundred. */
#define FRAME_WAIT 500
/* The main thread's time a turn may read the model for (microseconds). */
#define READ_BUDGET 15000

struct _PrPacedModel
{
  GObject     parent_instance;

  GListModel *model;
  GPtrArray  *shown;    /* the items told of (owned) */
  GPtrArray  *wanted;   /* the model's items while a change is passed on, or NULL */
  gboolean    stale;    /* the model changed since wanted was read */
  GPtrArray  *reading;  /* the model's items read so far, while a read takes more than one turn */
  gpointer    keep;     /* not taken out while it stays (weak) */
  PrPacedMadeFunc made; /* whether the view has a row made for an item, or NULL */
  double      row_cost; /* with made: the main thread's microseconds per row changed among
                         * the made, as measured; 0 before a slice is */
  guint       slice;
  guint       idle;

  GtkWidget  *view;          /* the view showing the rows (weak), or NULL */
  GdkFrameClock *clock;      /* while a slice waits for the view's frame */
  gulong      painted;       /* its after-paint handler */
  guint       frame_timeout; /* the wait's end, if no frame comes */
  guint       frame_wait;    /* its length (milliseconds), or 0: none */
  gboolean    no_frames;     /* a wait of this change ended without a frame */
  gboolean    paused;        /* changes are gathered, not passed on */
  gboolean    gathered;      /* the change passed on was gathered while paused */
};

static void pr_paced_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PrPacedModel, pr_paced_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, pr_paced_model_list_model_init))

enum {
  PROP_0,
  PROP_MODEL,
  PROP_PENDING,
  PROP_SLICE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GType
pr_paced_model_get_item_type (GListModel *list)
{
  PrPacedModel *self = PR_PACED_MODEL (list);

  return self->model != NULL ? g_list_model_get_item_type (self->model) : G_TYPE_OBJECT;
}

static guint
pr_paced_model_get_n_items (GListModel *list)
{
  return PR_PACED_MODEL (list)->shown->len;
}

static gpointer
pr_paced_model_get_item (GListModel *list,
                         guint       position)
{
  PrPacedModel *self = PR_PACED_MODEL (list);

  if (position >= self->shown->len)
    return NULL;
  return g_object_ref (self->shown->pdata[position]);
}

static void
pr_paced_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = pr_paced_model_get_item_type;
  iface->get_n_items = pr_paced_model_get_n_items;
  iface->get_item = pr_paced_model_get_item;
}

/* Replaces @removed items at @position by @added of @from, from @from_at,
 * and tells of it. */
static void
splice (PrPacedModel *self,
        guint         position,
        guint         removed,
        GPtrArray    *from,
        guint         from_at,
        guint         added)
{
  g_ptr_array_remove_range (self->shown, position, removed);
  if (added > 0)
    {
      /* Room first, then the items: one move of the tail. */
      guint tail = self->shown->len - position;

      g_ptr_array_set_size (self->shown, self->shown->len + added);
      memmove (self->shown->pdata + position + added, self->shown->pdata + position, tail * sizeof (gpointer));
      for (guint i = 0; i < added; i++)
        self->shown->pdata[position + i] = g_object_ref (from->pdata[from_at + i]);
    }
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
}

/* Whether putting in @added of the wanted from @start, in place of
 * @removed shown there, would hold an item twice: one still shown past
 * the rows taken out, up to @end_shown (the rows past it are the wanted
 * ones past theirs). GTK 4.8's list view finds a row by its item: an item
 * held twice, even for a turn, can leave a row showing one item while a
 * click on it selects another. */
static gboolean
held_twice (PrPacedModel *self,
            guint         start,
            guint         removed,
            guint         end_shown,
            guint         added)
{
  g_autoptr(GHashTable) coming = NULL;

  if (added == 0 || start + removed >= end_shown)
    return FALSE;
  coming = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < added; i++)
    g_hash_table_add (coming, self->wanted->pdata[start + i]);
  for (guint i = start + removed; i < end_shown; i++)
    if (g_hash_table_contains (coming, self->shown->pdata[i]))
      return TRUE;
  return FALSE;
}

/* Replaces the rows that differ, from @start, by the wanted, paced as
 * @removed and @added if that holds no item twice; else all in one
 * change, in which the view finds the rows it has made again by their
 * items and a selection model its item. Returns whether the whole went. */
static gboolean
splice_once (PrPacedModel *self,
             guint         start,
             guint         removed,
             guint         end_shown,
             guint         added,
             guint         end_wanted)
{
  if (held_twice (self, start, removed, end_shown, added))
    {
      removed = end_shown - start;
      added = end_wanted - start;
    }
  splice (self, start, removed, self->wanted, start, added);
  return removed == end_shown - start && added == end_wanted - start;
}

static gint64 thread_time (void);

/* Reads the model's items on into self->reading, for at most READ_BUDGET
 * of the main thread's time. GTK 4.8's filter list model finds its nth
 * item by counting the bits before it, so reading 10^5 items costs a
 * square of that: read whole, they took one turn over 50 ms.
 * Returns: whether the whole model is read */
static gboolean
read_model (PrPacedModel *self)
{
  guint n = self->model != NULL ? g_list_model_get_n_items (self->model) : 0;
  gint64 began = thread_time ();

  while (self->reading->len < n)
    {
      g_ptr_array_add (self->reading, g_list_model_get_item (self->model, self->reading->len));
      if (self->reading->len % 256 == 0 && self->slice != G_MAXUINT && thread_time () - began >= READ_BUDGET)
        return FALSE;
    }
  return TRUE;
}

static gboolean step_cb (gpointer data);
static void stop_waiting (PrPacedModel *self);

static void
set_pending (PrPacedModel *self,
             gboolean      pending)
{
  if (pending == pr_paced_model_get_pending (self))
    return;
  if (pending)
    {
      self->stale = TRUE;
      /* Below the frame's priority: a frame is painted between slices. */
      if (!self->paused)
        self->idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
    }
  else
    {
      self->stale = FALSE;
      self->gathered = FALSE;
      g_clear_pointer (&self->wanted, g_ptr_array_unref);
      g_clear_pointer (&self->reading, g_ptr_array_unref);
      g_clear_handle_id (&self->idle, g_source_remove);
      stop_waiting (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
}

static guint
find (GPtrArray *items,
      guint      from,
      guint      to,
      gpointer   item)
{
  for (guint i = from; i < to; i++)
    if (items->pdata[i] == item)
      return i - from;
  return G_MAXUINT;
}

/* The rows that differ: the shown and the wanted both start with the
 * rows before @start and end with the rows past @end_shown and
 * @end_wanted, which stay; @at_old and @at_new: the item kept among the
 * rest of each, or G_MAXUINT. Returns FALSE, and ends the change, when
 * none differ. */
static gboolean
differ (PrPacedModel *self,
        guint        *start,
        guint        *end_shown,
        guint        *end_wanted,
        guint        *at_old,
        guint        *at_new)
{
  GPtrArray *shown = self->shown, *wanted = self->wanted;

  while (*start < shown->len && *start < wanted->len && shown->pdata[*start] == wanted->pdata[*start])
    (*start)++;
  *end_shown = shown->len;
  *end_wanted = wanted->len;
  while (*end_shown > *start && *end_wanted > *start &&
         shown->pdata[*end_shown - 1] == wanted->pdata[*end_wanted - 1])
    (*end_shown)--, (*end_wanted)--;
  if (*end_shown == *start && *end_wanted == *start)
    {
      set_pending (self, FALSE);
      return FALSE;
    }
  *at_old = self->keep != NULL ? find (shown, *start, *end_shown, self->keep) : G_MAXUINT;
  *at_new = self->keep != NULL ? find (wanted, *start, *end_wanted, self->keep) : G_MAXUINT;
  return TRUE;
}

/* The calling thread's processor time: the machine may be shared, so
 * the wall clock says more about the other programs. */
static gint64
thread_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
made_at (PrPacedModel *self,
         guint         position)
{
  return position < self->shown->len && self->made (self->shown->pdata[position]);
}

/* The row the view is anchored to, as its scroll position says (GTK 4.8
 * anchors a list at the row as far down its page as the page is down the
 * list: the top row at the top), or G_MAXUINT when that is not known. */
static guint
anchor_row (PrPacedModel *self)
{
  GtkAdjustment *adjustment;
  double value, upper, page, align;

  if (self->view == NULL || !GTK_IS_SCROLLABLE (self->view) || self->shown->len == 0 ||
      (adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view))) == NULL)
    return G_MAXUINT;
  value = gtk_adjustment_get_value (adjustment);
  upper = gtk_adjustment_get_upper (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (upper <= 0)
    return G_MAXUINT;
  align = upper > page ? value / (upper - page) : 0.5;
  return (guint) MIN ((value + align * page) / (upper / self->shown->len), self->shown->len);
}

/* Puts the wanted item at @start in place without a row made or dropped,
 * when it can: a row made or dropped makes GTK 4.8 measure every cell of
 * the list again in the frame after (each column queues all its cells
 * for resizing), some 200 rows of eight. An item whose row is made moves
 * up with the rows between, which keep theirs (the view finds them again
 * among those taken out and put back in the one change); an item without
 * one goes in at @start, and the view hands it the row pushed past those
 * it keeps made, which it would otherwise drop; then its old place, which
 * has no row, is taken out. Only below the row the view is anchored to,
 * or the view would scroll to keep its anchor in place; never moving the
 * item kept. */
static gboolean
place_keeping_rows (PrPacedModel *self,
                    guint         start,
                    guint         end_shown,
                    guint         end_wanted,
                    guint         anchor)
{
  GPtrArray *shown = self->shown;
  gpointer item;
  guint at;

  if (start >= end_wanted || anchor == G_MAXUINT || start <= anchor + 1)
    return FALSE;
  item = self->wanted->pdata[start];
  if (item == self->keep)
    return FALSE;
  at = find (shown, start, end_shown, item);
  if (self->made (item))
    {
      if (at == G_MAXUINT)
        return FALSE;
      at += start;
      for (guint i = start; i < at; i++)
        if (shown->pdata[i] == self->keep || !self->made (shown->pdata[i]))
          return FALSE;
      memmove (shown->pdata + start + 1, shown->pdata + start, (at - start) * sizeof (gpointer));
      shown->pdata[start] = item;
      g_list_model_items_changed (G_LIST_MODEL (self), start, at - start + 1, at - start + 1);
      return TRUE;
    }
  /* Put in while still shown further down, it would be held twice. */
  if (at != G_MAXUINT)
    return FALSE;
  g_ptr_array_insert (shown, start, g_object_ref (item));
  g_list_model_items_changed (G_LIST_MODEL (self), start, 0, 1);
  return TRUE;
}

/* Puts the @n wanted items from @start in at @start, above the row the
 * view is anchored to (@anchor, at or below @start), which stays where
 * it is on screen. GTK 4.8 makes the rows up to some 200 above its anchor
 * (as many as the anchor is down its page): those nearest the anchor go
 * in first, a slice per turn, and once MADE_ROWS stand between, the rest
 * at once, which the view does not make. A slice at a time from the
 * front, 10^5 rows put back above the case chosen (a search cleared)
 * would each be made, a couple per frame, for an hour. Returns FALSE,
 * putting nothing in, if an item to put in is still shown in
 * [@start, @end_shown) (it would be held twice). */
static gboolean
fill_above (PrPacedModel *self,
            guint         start,
            guint         n,
            guint         end_shown,
            guint         anchor)
{
  guint between = anchor - start, take = n;

  if (between < MADE_ROWS)
    {
      take = self->slice;
      if (self->row_cost > 0)
        take = (guint) CLAMP (SLICE_BUDGET / self->row_cost, 2, self->slice);
      take = MIN (take, n);
    }
  if (start < end_shown)
    {
      g_autoptr(GHashTable) coming = g_hash_table_new (NULL, NULL);

      for (guint i = start + n - take; i < start + n; i++)
        g_hash_table_add (coming, self->wanted->pdata[i]);
      for (guint i = start; i < end_shown; i++)
        if (g_hash_table_contains (coming, self->shown->pdata[i]))
          return FALSE;
    }
  splice (self, start, 0, self->wanted, start + n - take, take);
  return TRUE;
}

/* A step when the rows the view has made are known: the changes before
 * the first of them and after the last go at once; among them, a slice. */
static gboolean
step_made (PrPacedModel *self)
{
  GPtrArray *wanted = self->wanted;
  guint start = 0;

  for (;;)
    {
      guint end_shown, end_wanted, n_old, n_new, at_old, at_new, first = G_MAXUINT, last = G_MAXUINT;
      guint removed, added, slice, anchor, placed, from;
      gboolean keeping;
      gint64 began;

      if (!differ (self, &start, &end_shown, &end_wanted, &at_old, &at_new))
        return FALSE;
      n_old = end_shown - start;
      n_new = end_wanted - start;
      /* The item kept stays in both: it is moved by what goes in and out
       * around it, never taken out. */
      keeping = at_old != G_MAXUINT && at_new != G_MAXUINT;
      for (guint i = start; i < end_shown && first == G_MAXUINT; i++)
        if (made_at (self, i))
          first = i;
      for (guint i = end_shown; i > start && last == G_MAXUINT; i--)
        if (made_at (self, i - 1))
          last = i - 1;

      if (first != G_MAXUINT && last + 1 < end_shown && !(keeping && start + at_old > last))
        {
          /* The rows after the last made go at once: taken out a slice
           * at a time from the front, they would come into view. */
          splice (self, last + 1, end_shown - last - 1, NULL, 0, 0);
          continue;
        }
      if ((first == G_MAXUINT || (keeping && first >= start + at_old)) && start > 0 && !made_at (self, start - 1))
        {
          /* No row made among those that change, nor before them: at
           * once. The item kept may have a row made wherever it is (GTK
           * 4.8's list keeps the selected item's), but the rows put in
           * before it, past the rows before, come into no row made. */
          removed = keeping ? at_old : n_old;
          added = keeping ? at_new : n_new;
          splice_once (self, start, removed, end_shown, added, end_wanted);
          continue;
        }
      anchor = anchor_row (self);
      placed = 0;
      while (keeping && placed < at_old && placed < at_new &&
             self->shown->pdata[start + at_old - 1 - placed] == wanted->pdata[start + at_new - 1 - placed])
        placed++;
      if (keeping && anchor != G_MAXUINT && start + at_old <= anchor && (at_old > placed || at_new > placed) &&
          (first == G_MAXUINT || first >= start + at_old - placed))
        {
          /* The rows before the item kept, which stands at the anchor or
           * above it, when none of those to take out is made (a search
           * cleared; a new order goes as below, keeping rows): those
           * shown that are not the wanted ones just above it (put in by
           * the turns before) go at once, and the wanted ones come in
           * above those (fill_above ()). */
          if (at_old > placed)
            {
              splice (self, start, at_old - placed, NULL, 0, 0);
              anchor = anchor >= at_old - placed ? anchor - (at_old - placed) : 0;
              end_shown -= at_old - placed;
            }
          if (at_new > placed && !fill_above (self, start, at_new - placed, end_shown, anchor))
            {
              splice (self, start, end_shown - start, wanted, start, end_wanted - start);
              set_pending (self, FALSE);
              return FALSE;
            }
          return differ (self, &start, &end_shown, &end_wanted, &at_old, &at_new);
        }
      if (n_old == 0 && anchor != G_MAXUINT && start <= anchor && end_shown < self->shown->len)
        {
          /* Rows put in above the anchor, none taken out: the same. */
          fill_above (self, start, n_new, end_shown, anchor);
          return differ (self, &start, &end_shown, &end_wanted, &at_old, &at_new);
        }
      if (first != G_MAXUINT && first > start)
        {
          /* The rows before the first made: replaced at once by as many. */
          removed = first - start;
          added = MIN (removed, n_new);
          if (keeping)
            {
              removed = MIN (removed, at_old);
              added = MIN (added, at_new);
            }
          if (removed > 0 || added > 0)
            {
              splice_once (self, start, removed, end_shown, added, end_wanted);
              continue;
            }
        }
      /* Among the rows made, below the anchor: the items put in place
       * keeping the rows, as many as the budget allows. */
      if (place_keeping_rows (self, start, end_shown, end_wanted, anchor))
        {
          began = thread_time ();
          for (guint placed = 1;; placed++)
            {
              if (!differ (self, &start, &end_shown, &end_wanted, &at_old, &at_new))
                return FALSE;
              if (placed >= self->slice || thread_time () - began >= SLICE_BUDGET / 2 ||
                  !place_keeping_rows (self, start, end_shown, end_wanted, anchor))
                return TRUE;
            }
        }
      /* Among the rows made, or where new rows come into view: a slice,
       * as many rows as the machine makes in the budget, as measured;
       * above the anchor only (below it, the rows are kept), unless
       * nothing is left to put in: then no row can be kept, and rows
       * only go out. */
      slice = self->slice;
      if (self->row_cost > 0)
        slice = (guint) CLAMP (SLICE_BUDGET / self->row_cost, 2, self->slice);
      if (anchor != G_MAXUINT && anchor + 2 > start && n_new > 0)
        slice = MIN (slice, anchor + 2 - start);
      removed = MIN (slice, n_old);
      added = MIN (slice, n_new);
      from = start;
      if (keeping)
        {
          removed = MIN (removed, at_old);
          added = MIN (added, at_new);
        }
      else if (n_new == 0 && at_old != G_MAXUINT && self->gathered)
        {
          /* Rows only go out, the item kept among them, after a change
           * gathered while paused (filters worked out, as a search that
           * finds nothing): it goes last. Taken out with a slice, a
           * selection model beside chooses the row after it, which the
           * next slice takes out: the selection would walk through every
           * row going out, the window showing each case in turn (each a
           * slice of two rows, as that showing weighs on the cost
           * measured). A list emptied to be filled again (a scan
           * reopened) lets its rows go from the front. */
          if (at_old > 0)
            removed = MIN (removed, at_old);
          else if (n_old > 1)
            {
              from = start + 1;
              removed = MIN (removed, n_old - 1);
            }
        }
      if (held_twice (self, start, removed, end_shown, added))
        {
          splice (self, start, n_old, wanted, start, n_new);
          set_pending (self, FALSE);
          return FALSE;
        }
      began = thread_time ();
      splice (self, from, removed, wanted, start, added);
      if (MAX (removed, added) >= 2)
        {
          double cost = (double) (thread_time () - began) / MAX (removed, added);

          self->row_cost = self->row_cost > 0 ? 0.7 * self->row_cost + 0.3 * cost : cost;
        }
      if (removed == n_old && added == n_new)
        {
          set_pending (self, FALSE);
          return FALSE;
        }
      return TRUE;
    }
}

/**
 * pr_paced_model_step:
 *
 * Passes on the next slice of a large change (the idle does, each turn).
 *
 * Returns: whether a change is still pending after this slice
 */
gboolean
pr_paced_model_step (PrPacedModel *self)
{
  guint start = 0, end_shown, end_wanted, n_old, n_new, removed, added, at_old, at_new;

  if (!pr_paced_model_get_pending (self) || self->paused)
    return FALSE;
  if (self->stale)
    {
      /* The model changed: read it again from the start. */
      g_clear_pointer (&self->reading, g_ptr_array_unref);
      self->reading = g_ptr_array_new_with_free_func (g_object_unref);
      self->stale = FALSE;
    }
  if (self->reading != NULL)
    {
      if (!read_model (self))
        return TRUE;
      g_clear_pointer (&self->wanted, g_ptr_array_unref);
      self->wanted = g_steal_pointer (&self->reading);
      /* The first slice in the next turn, not after the read in this one. */
      if (self->slice != G_MAXUINT)
        return TRUE;
    }
  if (self->made != NULL)
    return step_made (self);
again:
  if (!differ (self, &start, &end_shown, &end_wanted, &at_old, &at_new))
    return FALSE;
  n_old = end_shown - start;
  n_new = end_wanted - start;
  if (start < MADE_ROWS && n_old > MADE_ROWS - start + 1)
    {
      /* Rows beyond those a view keeps made go first, at once (but the
       * item kept): taken out a slice at a time from the front, they
       * would move into view one slice after another. */
      guint lim = MADE_ROWS - start;

      if (at_old != G_MAXUINT && at_old >= lim)
        {
          if (at_old + 1 < n_old)
            splice (self, start + at_old + 1, n_old - at_old - 1, NULL, 0, 0);
          if (at_old > lim)
            splice (self, start + lim, at_old - lim, NULL, 0, 0);
        }
      else
        splice (self, start + lim, n_old - lim, NULL, 0, 0);
      start = 0;
      goto again;
    }
  if (start >= MADE_ROWS)
    {
      /* Beyond the rows a view keeps made: the rest at once. */
      removed = n_old;
      added = n_new;
    }
  else if (at_old != G_MAXUINT && at_new != G_MAXUINT)
    {
      /* Around the item kept: never both at the front, or it would be
       * among the rows both start with. */
      removed = MIN (self->slice, at_old);
      added = MIN (self->slice, at_new);
    }
  else
    {
      removed = MIN (self->slice, n_old);
      added = MIN (self->slice, n_new);
    }
  if (splice_once (self, start, removed, end_shown, added, end_wanted))
    {
      set_pending (self, FALSE);
      return FALSE;
    }
  return TRUE;
}

/* Ends a slice's wait for the view's frame. */
static void
stop_waiting (PrPacedModel *self)
{
  if (self->clock != NULL)
    {
      /* A window destroyed while a slice waits disposes of its clock,
       * and of the handler with it. */
      if (g_signal_handler_is_connected (self->clock, self->painted))
        g_signal_handler_disconnect (self->clock, self->painted);
      self->painted = 0;
      g_clear_object (&self->clock);
    }
  g_clear_handle_id (&self->frame_timeout, g_source_remove);
}

/* The slice waited for is laid out and painted (or the wait is over):
 * the next slice in the turn after. */
static void
frame_done (PrPacedModel *self)
{
  stop_waiting (self);
  if (self->idle == 0 && pr_paced_model_get_pending (self) && !self->paused)
    self->idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
}

static gboolean
frame_timed_out (gpointer data)
{
  PrPacedModel *self = data;

  self->frame_timeout = 0;
  /* No frame (a frozen clock, a window minimised but mapped): the rest of
   * the change goes on without waiting, a slice per idle turn. */
  self->no_frames = TRUE;
  frame_done (self);
  return G_SOURCE_REMOVE;
}

/* With the view known and shown, the next slice waits for the frame
 * that lays out this one: else two slices may come before a frame,
 * which lays out both in one turn. */
static gboolean
wait_for_frame (PrPacedModel *self)
{
  GdkFrameClock *clock;
  GtkNative *native;
  GdkSurface *surface;

  if (self->no_frames || self->view == NULL || !gtk_widget_get_mapped (self->view) ||
      (clock = gtk_widget_get_frame_clock (self->view)) == NULL)
    return FALSE;
  /* A minimised window paints no frame. */
  native = gtk_widget_get_native (self->view);
  surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  if (surface == NULL || !gdk_surface_get_mapped (surface) ||
      (GDK_IS_TOPLEVEL (surface) && (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_MINIMIZED)))
    return FALSE;
  stop_waiting (self);
  self->clock = g_object_ref (clock);
  self->painted = g_signal_connect_swapped (clock, "after-paint", G_CALLBACK (frame_done), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
  if (self->frame_wait > 0)
    self->frame_timeout = g_timeout_add (self->frame_wait, frame_timed_out, self);
  return TRUE;
}

static gboolean
step_cb (gpointer data)
{
  PrPacedModel *self = data;
  gboolean more;

  g_object_ref (self);
  more = pr_paced_model_step (self);
  if (!more)
    self->no_frames = FALSE;
  if (!more || wait_for_frame (self))
    {
      self->idle = 0;
      more = FALSE;
    }
  g_object_unref (self);
  return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Passes on at once what is still pending. */
void
pr_paced_model_flush (PrPacedModel *self)
{
  guint slice = self->slice;

  self->slice = G_MAXUINT;
  while (pr_paced_model_step (self))
    ;
  self->slice = slice;
}

static void
model_items_changed (GListModel   *model,
                     guint         position,
                     guint         removed,
                     guint         added,
                     PrPacedModel *self)
{
  if (pr_paced_model_get_pending (self))
    {
      self->stale = TRUE;
      return;
    }
  if (MAX (removed, added) <= self->slice && !self->paused)
    {
      /* Shown is the model: the same change, told as it came. */
      g_ptr_array_remove_range (self->shown, position, removed);
      for (guint i = 0; i < added; i++)
        g_ptr_array_insert (self->shown, position + i, g_list_model_get_item (model, position + i));
      g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
      return;
    }
  set_pending (self, TRUE);
}

/* The model followed; a change of model is passed on as any other. */
void
pr_paced_model_set_model (PrPacedModel *self,
                          GListModel   *model)
{
  g_return_if_fail (PR_IS_PACED_MODEL (self));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "items-changed", G_CALLBACK (model_items_changed), self, 0);
  if (pr_paced_model_get_pending (self))
    self->stale = TRUE;
  else if (self->shown->len > 0 || (model != NULL && g_list_model_get_n_items (model) > 0))
    set_pending (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

GListModel *
pr_paced_model_get_model (PrPacedModel *self)
{
  return self->model;
}

/* @item (nullable), while it stays in the model, is not taken out while
 * a change is passed on: a selection model beside keeps it selected. */
void
pr_paced_model_set_keep (PrPacedModel *self,
                         gpointer      item)
{
  if (self->keep != NULL)
    g_object_remove_weak_pointer (self->keep, &self->keep);
  self->keep = item;
  if (item != NULL)
    g_object_add_weak_pointer (item, &self->keep);
}

/* @made (nullable): whether the view has a row made for an item; with
 * it, only the changes among the rows made are paced. */
void
pr_paced_model_set_made_func (PrPacedModel    *self,
                              PrPacedMadeFunc  made)
{
  self->made = made;
}

/* How long a slice waits for the view's frame at most (milliseconds), or
 * 0: until the frame comes (a test's, whose window paints every frame). */
void
pr_paced_model_set_frame_wait (PrPacedModel *self,
                               guint         frame_wait)
{
  self->frame_wait = frame_wait;
}

/* @view (nullable): the view showing the rows. While it is shown, a
 * slice waits for the frame that lays out the one before. */
void
pr_paced_model_set_view (PrPacedModel *self,
                         GtkWidget    *view)
{
  if (self->view != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->view), (gpointer *) &self->view);
  self->view = view;
  if (view != NULL)
    g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &self->view);
}

/* While @paused, the model's changes are gathered and the rows told of
 * stay; once not, what the model holds then is passed on as any change.
 * A model that works a slice per turn (GTK's incremental filter takes
 * every row out, then puts back those that match a slice at a time)
 * is followed so from one whole state to the next. */
void
pr_paced_model_set_paused (PrPacedModel *self,
                           gboolean      paused)
{
  g_return_if_fail (PR_IS_PACED_MODEL (self));

  if (self->paused == paused)
    return;
  self->paused = paused;
  if (paused)
    {
      self->gathered = TRUE;
      g_clear_handle_id (&self->idle, g_source_remove);
      /* A change is on its way: the model is read again once it is whole. */
      set_pending (self, TRUE);
      self->stale = TRUE;
    }
  else if (pr_paced_model_get_pending (self) && self->idle == 0 && self->clock == NULL)
    self->idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, step_cb, self, NULL);
}

/* At most @slice rows taken out and @slice put in per turn. */
void
pr_paced_model_set_slice (PrPacedModel *self,
                          guint         slice)
{
  g_return_if_fail (slice > 0);

  self->slice = slice;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SLICE]);
}

/* Whether a change is still being passed on. */
/* Whether @item is among the rows told of: a pass over an array, where
 * a filtered list model finds each of its items by counting. */
gboolean
pr_paced_model_holds (PrPacedModel *self,
                      gpointer      item)
{
  g_return_val_if_fail (PR_IS_PACED_MODEL (self), FALSE);

  return find (self->shown, 0, self->shown->len, item) != G_MAXUINT;
}

gboolean
pr_paced_model_get_pending (PrPacedModel *self)
{
  return self->wanted != NULL || self->stale || self->reading != NULL;
}

PrPacedModel *
pr_paced_model_new (GListModel *model)
{
  return g_object_new (PR_TYPE_PACED_MODEL, "model", model, NULL);
}

static void
pr_paced_model_dispose (GObject *object)
{
  PrPacedModel *self = PR_PACED_MODEL (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_handle_id (&self->idle, g_source_remove);
  stop_waiting (self);
  pr_paced_model_set_view (self, NULL);
  g_clear_pointer (&self->wanted, g_ptr_array_unref);
  g_clear_pointer (&self->reading, g_ptr_array_unref);
  self->stale = FALSE;
  pr_paced_model_set_keep (self, NULL);

  G_OBJECT_CLASS (pr_paced_model_parent_class)->dispose (object);
}

static void
pr_paced_model_finalize (GObject *object)
{
  PrPacedModel *self = PR_PACED_MODEL (object);

  g_ptr_array_unref (self->shown);

  G_OBJECT_CLASS (pr_paced_model_parent_class)->finalize (object);
}

static void
pr_paced_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PrPacedModel *self = PR_PACED_MODEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      pr_paced_model_set_model (self, g_value_get_object (value));
      break;
    case PROP_SLICE:
      pr_paced_model_set_slice (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_paced_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PrPacedModel *self = PR_PACED_MODEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_PENDING:
      g_value_set_boolean (value, pr_paced_model_get_pending (self));
      break;
    case PROP_SLICE:
      g_value_set_uint (value, self->slice);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pr_paced_model_class_init (PrPacedModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pr_paced_model_dispose;
  object_class->finalize = pr_paced_model_finalize;
  object_class->set_property = pr_paced_model_set_property;
  object_class->get_property = pr_paced_model_get_property;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, G_TYPE_LIST_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether a change is still being passed on. */
  properties[PROP_PENDING] = g_param_spec_boolean ("pending", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SLICE] = g_param_spec_uint ("slice", NULL, NULL, 1, G_MAXUINT, DEFAULT_SLICE,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pr_paced_model_init (PrPacedModel *self)
{
  self->shown = g_ptr_array_new_with_free_func (g_object_unref);
  self->slice = DEFAULT_SLICE;
  self->frame_wait = FRAME_WAIT;
}
