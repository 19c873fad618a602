/** A page that so far has only its title (spec §2's placeholder pages). */
export function TitlePage({ title }: { title: string }) {
  return (
    <section className="page page--narrow">
      <h1>{title}</h1>
    </section>
  );
}
