import { notFound } from '@tanstack/react-router';
import { httpStatusOf } from './client.ts';

/**
 * A record page's loader: waits for its queries; the API's 404 (an unknown id, a deleted draft,
 * another workspace's record) becomes the router's not-found page, any other error stays itself.
 */
export async function ensureFound(loading: Promise<unknown>): Promise<void> {
  try {
    await loading;
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound();
    throw error;
  }
}
