/** Any address under /desk the desk does not have: the desk's own "not found". */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function DeskNotFound() {
  return null;
}
