/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A DOS end-of-file mark dropped: the Ctrl-Z bytes (0x1A) that end a file,
 * and the line ends after them. COPY /A puts one straight after the last
 * byte, stuck to the last value when the file has no final line end; old
 * editors pad with a run of them. Only at the very end is such a byte the
 * mark: one inside the file stays, for the reader to name. Bytes that may
 * be the mark are held back until the next read shows whether more
 * follows.
 *
 * For byte encodings only (UTF-8, GB18030, Big5…), where 0x1A is never
 * part of another character.
 */
#define G_LOG_DOMAIN "pr-dos-end-stream"

#include "config.h"

#include <string.h>

#include "pr-dos-end-stream.h"

struct _PrDosEndStream
{
  GFilterInputStream  parent_instance;

  GByteArray         *ready;    /* read and known not to be the mark */
  gsize               ready_pos;
  GByteArray         *held;     /* a run of 0x1A and line ends, so far last */
};

G_DEFINE_FINAL_TYPE (PrDosEndStream, pr_dos_end_stream, G_TYPE_FILTER_INPUT_STREAM)

/* The length of @data's longest tail that is one or more 0x1A followed by
 * CRs and LFs only. */
static gsize
mark_tail (const guint8 *data,
           gsize         length)
{
  gsize end = length, start;

  while (end > 0 && (data[end - 1] == '\r' || data[end - 1] == '\n'))
    end--;
  for (start = end; start > 0 && data[start - 1] == 0x1A; start--)
    ;
  return start < end ? length - start : 0;
}

static gssize
pr_dos_end_stream_read (GInputStream  *stream,
                        void          *buffer,
                        gsize          count,
                        GCancellable  *cancellable,
                        GError       **error)
{
  PrDosEndStream *self = PR_DOS_END_STREAM (stream);
  GInputStream *base = g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));
  gsize n;

  while (self->ready_pos == self->ready->len)
    {
      guint8 chunk[65536];
      gssize got = g_input_stream_read (base, chunk, MIN (sizeof chunk, MAX (count, 1)), cancellable, error);
      gsize tail;

      if (got < 0)
        return -1;
      /* The end: what is held is the mark. */
      if (got == 0)
        return 0;
      g_byte_array_set_size (self->ready, 0);
      self->ready_pos = 0;
      g_byte_array_append (self->ready, self->held->data, self->held->len);
      g_byte_array_append (self->ready, chunk, got);
      g_byte_array_set_size (self->held, 0);
      tail = mark_tail (self->ready->data, self->ready->len);
      g_byte_array_append (self->held, self->ready->data + self->ready->len - tail, tail);
      g_byte_array_set_size (self->ready, self->ready->len - tail);
    }
  n = MIN (count, self->ready->len - self->ready_pos);
  memcpy (buffer, self->ready->data + self->ready_pos, n);
  self->ready_pos += n;
  return n;
}

static void
pr_dos_end_stream_finalize (GObject *object)
{
  PrDosEndStream *self = PR_DOS_END_STREAM (object);

  g_byte_array_unref (self->ready);
  g_byte_array_unref (self->held);
  G_OBJECT_CLASS (pr_dos_end_stream_parent_class)->finalize (object);
}

static void
pr_dos_end_stream_class_init (PrDosEndStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pr_dos_end_stream_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = pr_dos_end_stream_read;
}

static void
pr_dos_end_stream_init (PrDosEndStream *self)
{
  self->ready = g_byte_array_new ();
  self->held = g_byte_array_new ();
}

/**
 * pr_dos_end_stream_new:
 * @base: a stream of a byte encoding's text
 *
 * Returns: (transfer full): a stream of @base's bytes less the DOS
 *   end-of-file mark at its end; closing it closes @base
 */
GInputStream *
pr_dos_end_stream_new (GInputStream *base)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (base), NULL);

  return g_object_new (PR_TYPE_DOS_END_STREAM, "base-stream", base, NULL);
}
